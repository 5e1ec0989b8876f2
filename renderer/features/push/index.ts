// The push feature: webhook configurations of a task, and the receiver's address. Other features import it only from
// here.

export { PushSection } from './PushSection';
