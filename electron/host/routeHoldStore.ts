// Route-missing holds kept across runs (CARD-3): a hold on a saved agent's interface is written into its library
// entry, so the next run still holds sends until the user sends anyway, a call gets a real A2A answer, or the card
// changes (a hold found under another card is dropped when the agent is opened). Agents not in the library (a card
// opened from text, the command line without one) keep their holds for the run only.

import { createHash } from 'node:crypto';
import type { SavedRouteHold } from '../../shared/host/agent';
import { readEntries, underLibraryLock, writeEntries } from './library';

export interface MissingRoute {
  message: string;
  frameId: string;
}

export interface RouteHoldStore {
  /** The holds saved for the card at `cardUrl`; those found under another card are dropped from the file. */
  load(cardUrl: string, cardText: string): Promise<Map<string, MissingRoute>>;
  /** Saves a hold, when the agent is in the library. */
  set(cardUrl: string, cardText: string, key: string, hold: MissingRoute): Promise<void>;
  clear(cardUrl: string, key: string): Promise<void>;
}

export function cardSha256(cardText: string): string {
  return createHash('sha256').update(cardText).digest('hex');
}

export function libraryHoldStore(dataDir: string): RouteHoldStore {
  /** Changes the saved holds of one entry; the file is written only when something changed. */
  const change = (cardUrl: string, edit: (holds: SavedRouteHold[]) => SavedRouteHold[]) =>
    underLibraryLock(dataDir, async () => {
      const entries = await readEntries(dataDir);
      const index = entries.findIndex((entry) => entry.url === cardUrl);
      if (index === -1) return entries;
      const { routeHolds: before = [], ...rest } = entries[index]!;
      const after = edit(before);
      if (JSON.stringify(after) === JSON.stringify(before)) return entries;
      entries[index] = after.length > 0 ? { ...rest, routeHolds: after } : rest;
      await writeEntries(dataDir, entries);
      return entries;
    });

  return {
    async load(cardUrl, cardText) {
      const sha = cardSha256(cardText);
      const entries = await change(cardUrl, (holds) => holds.filter((hold) => hold.cardSha256 === sha));
      const holds = entries.find((entry) => entry.url === cardUrl)?.routeHolds ?? [];
      return new Map(holds.map((hold) => [hold.key, { message: hold.message, frameId: hold.frameId }]));
    },
    async set(cardUrl, cardText, key, hold) {
      const saved: SavedRouteHold = { key, ...hold, cardSha256: cardSha256(cardText) };
      await change(cardUrl, (holds) => [...holds.filter((h) => h.key !== key), saved]);
    },
    async clear(cardUrl, key) {
      await change(cardUrl, (holds) => holds.filter((h) => h.key !== key));
    },
  };
}
