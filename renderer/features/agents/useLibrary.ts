// The saved agent library through the host: loaded once on start, saved whenever an agent is opened, changed or
// removed. Saving strips secrets in the host; the renderer never writes files itself.

import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AgentSummary, LibraryEntry } from '../../../shared/host/agent';
import { useHost } from '../../host/HostContext';
import { bootstrapKeys } from '../../queries/bootstrap';
import { useAppStore } from '../../store/appStore';
import { entryFor, removeEntry, upsertEntry } from './libraryList';

export function useLoadLibrary(): void {
  const host = useHost();
  const setLibrary = useAppStore((state) => state.setLibrary);
  const loaded = useQuery({
    queryKey: bootstrapKeys.library,
    queryFn: () => host.loadLibrary(),
    staleTime: Infinity,
  });
  useEffect(() => {
    if (loaded.data) setLibrary(loaded.data.entries, loaded.data.problem ?? null);
    if (loaded.error) setLibrary([], `The agent library could not be loaded: ${loaded.error.message}`);
  }, [loaded.data, loaded.error, setLibrary]);
}

export function useSaveLibrary() {
  const host = useHost();
  const setLibrary = useAppStore((state) => state.setLibrary);
  return useMutation({
    mutationFn: async (entries: LibraryEntry[]) => {
      setLibrary(entries);
      await host.saveLibrary({ entries });
    },
    onError: (error) =>
      setLibrary(useAppStore.getState().library, `The agent library could not be saved: ${error.message}`),
  });
}

/** Keeps the library in step with an opened or reconfigured agent. */
export function useRememberAgent() {
  const save = useSaveLibrary();
  return (agent: AgentSummary, cardPath?: string) => {
    const entry = entryFor(agent, cardPath);
    if (entry) save.mutate(upsertEntry(useAppStore.getState().library, entry));
  };
}

export function useForgetSaved() {
  const save = useSaveLibrary();
  return (url: string) => save.mutate(removeEntry(useAppStore.getState().library, url));
}
