// What the sidebar's agent library works with (UX-1, CARD-1, CARD-2): the agents open now, the saved library, the
// address being typed with its Connection fields (NET-1) and a notice, and what each way in does. AgentLibrary.tsx and its parts only lay this out
// (docs/architecture.md#state-in-the-renderer); the one `open` mutation serves every way in, so its failure shows
// in one place whichever way was used.

import { useRef, useState, type FormEvent } from 'react';
import type { OpenAgentResult } from '../../../shared/host/agent';
import { useAppStore } from '../../store/appStore';
import { readFileText } from '../../ui/fileText';
import { connectionDraft, type ConnectionDraft } from './connectionDraft';
import { openRequestFromForm, presentedFingerprint } from './openAgentRequest';
import { useAgentSources } from './useAgentSources';
import { useForgetAgent } from './useAgentActions';
import { useForgetSaved, useLoadLibrary, useSaveLibrary } from './useLibrary';

export function useAgentLibrary() {
  useLoadLibrary();
  const agents = useAppStore((state) => state.agents);
  const activeId = useAppStore((state) => state.activeAgentId);
  const setActive = useAppStore((state) => state.setActiveAgent);
  const library = useAppStore((state) => state.library);
  const libraryProblem = useAppStore((state) => state.libraryProblem);
  const open = useAgentSources();
  const forget = useForgetAgent();
  const forgetSaved = useForgetSaved();
  const save = useSaveLibrary();
  const [url, setUrl] = useState('');
  // CARD-1: where the card is when it is at none of the well-known paths; tried after them.
  const [cardPath, setCardPath] = useState('');
  // NET-1: TLS and proxy settings sent with the open, for a card behind a private CA or mutual TLS; collapsed at first.
  const [connection, setConnection] = useState<ConnectionDraft>(() => connectionDraft(undefined));
  const [connectionShown, setConnectionShown] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const cardFile = useRef<HTMLInputElement>(null);
  const libraryFile = useRef<HTMLInputElement>(null);
  const failure = open.data && !open.data.ok ? open.data.message : open.error?.message;
  const openUrls = new Set(agents.map((a) => a.cardUrl));
  const saved = library.filter((entry) => !openUrls.has(entry.url));

  const failed = open.variables?.kind === 'url' ? open.variables : undefined;
  const refusedFingerprint = failed ? presentedFingerprint(failure) : undefined;
  // The fields now belong to the opened agent (its settings dialog shows them); the form starts afresh.
  const resetOnOpen = {
    onSuccess(result: OpenAgentResult) {
      if (!result.ok) return;
      setConnection(connectionDraft(undefined));
      setConnectionShown(false);
    },
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const form = openRequestFromForm({ url, cardPath, connection });
    if (form.ok) open.mutate(form.request, resetOnOpen);
    else setNotice(form.message);
  };
  // The user compared the fingerprint the failure shows with the agent's owner: the same open again (from the form or
  // the library) with it accepted; when it came from the form, its field shows it.
  const acceptRefused = () => {
    if (!failed || !refusedFingerprint) return;
    const accepted = { ...failed.settings?.connection, acceptFingerprint: refusedFingerprint };
    if (failed.url === url.trim()) {
      setConnection({ ...connection, acceptFingerprint: refusedFingerprint });
      setConnectionShown(true);
    }
    open.mutate({ ...failed, settings: { ...failed.settings, connection: accepted } }, resetOnOpen);
  };
  const openCardFile = async (file: File | undefined) => {
    if (!file) return;
    const read = await readFileText(file);
    if (read.ok) open.mutate({ kind: 'text', text: read.text, name: file.name });
    else setNotice(read.message);
  };
  const importFile = async (file: File | undefined) => {
    if (!file) return;
    const read = await readFileText(file);
    if (!read.ok) return setNotice(read.message);
    // Loaded here, not up front: the file's schema check brings zod, which nothing on the first screen uses.
    const { importLibrary } = await import('./libraryEntries');
    const merged = importLibrary(library, read.text);
    if (!merged.ok) return setNotice(merged.message);
    save.mutate(merged.entries);
    setNotice(`Imported ${merged.added} new agent${merged.added === 1 ? '' : 's'}.`);
  };

  return {
    agents,
    activeId,
    setActive,
    library,
    libraryProblem,
    open,
    forget,
    forgetSaved,
    url,
    setUrl,
    cardPath,
    setCardPath,
    connection,
    setConnection,
    connectionShown,
    setConnectionShown,
    refusedFingerprint,
    acceptRefused,
    notice,
    cardFile,
    libraryFile,
    failure,
    saved,
    submit,
    openCardFile,
    importFile,
  };
}

export type AgentLibraryState = ReturnType<typeof useAgentLibrary>;
