// The layout feature: the workspace that places every other feature, and the status bar. Other features import it
// only from here.

export { StatusBar } from './StatusBar';
export { Workspace } from './Workspace';
