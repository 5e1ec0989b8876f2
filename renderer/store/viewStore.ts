// Which frame list a view reads (UX-2). Every view is derived from a list of frames
// (docs/architecture.md#frames-are-the-single-source-of-truth), so showing a second run is giving the same views a
// second store: a pane wraps them in `ViewStoreContext` with a store of its own, and `useViewStore` reads that one.
// Outside such a pane the context is empty and views read the app store, so the live window is unchanged.

import { createContext, useContext } from 'react';
import { useStore, type StoreApi } from 'zustand';
import { createAppStore, useAppStore, type AppState } from './appStore';
import type { Frame } from '../../shared/wire/frame';

export type ViewStore = StoreApi<AppState>;

export const ViewStoreContext = createContext<ViewStore | null>(null);

/** The store of the pane this view sits in: a held run's own, else the app store. */
export function useViewStoreApi(): ViewStore {
  return useContext(ViewStoreContext) ?? useAppStore;
}

/** `useAppStore(selector)` for the pane's store. */
export function useViewStore<T>(selector: (state: AppState) => T): T {
  return useStore(useViewStoreApi(), selector);
}

/** A store holding only these frames, with their own timeline and selection: a read-only run beside the live one. */
export function createViewStore(frames: readonly Frame[]): ViewStore {
  const store = createAppStore();
  store.getState().addFrames(frames);
  return store;
}
