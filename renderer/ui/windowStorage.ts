// The window's local storage, where preferences and the editor's history are kept. Reached through globalThis and
// guarded, because node-side unit tests load the stores without storage and a locked-down browser may throw on access.

export interface WindowStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function windowStorage(): WindowStorage | undefined {
  try {
    return (globalThis as { localStorage?: WindowStorage }).localStorage;
  } catch {
    return undefined;
  }
}
