// The command palette: every action of the app, by name, from the keyboard. Other features import it only from here.

export { CommandPalette } from './CommandPalette';
