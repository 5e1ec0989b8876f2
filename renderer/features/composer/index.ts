// The composer feature: writing and sending a message, and the notice that reports an operation's outcome. Other
// features import it only from here.

export { Composer } from './Composer';
export { OutcomeNotice } from './OutcomeNotice';
