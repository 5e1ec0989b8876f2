// The card feature: the agent's card, readable and raw, with its findings, signatures and extended card. Other
// features import it only from here.

export { CardView } from './CardView';
