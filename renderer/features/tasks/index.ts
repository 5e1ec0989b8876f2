// The tasks feature: the tasks of the agent in view, and what can be done with each. Other features import it only
// from here.

export { TaskPanel } from './TaskPanel';
