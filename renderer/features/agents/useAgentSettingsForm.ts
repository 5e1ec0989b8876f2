// The agent settings form's state (UX-1, AUTH-1, AUTH-2, WIRE-6): one field per setting, filled from the agent's
// settings when the dialog is made, and saved as one change. Credentials and headers are read again each time the
// dialog opens, since sign-in and the card's offers can change them meanwhile. AgentSettingsDialog.tsx lays it out.

import { useRef, useState, type FormEvent } from 'react';
import type { AgentAuth, AgentSummary, CustomHeader } from '../../../shared/host/agent';
import type { Binding, Generation } from '../../../shared/a2a/generation';
import { useAppStore } from '../../store/appStore';
import { useRememberAgent } from './useLibrary';
import { useConfigureAgent } from './useAgentActions';
import { connectionDraft, connectionFromDraft } from './connectionDraft';

export function useAgentSettingsForm(agent: AgentSummary) {
  const dialog = useRef<HTMLDialogElement>(null);
  const configure = useConfigureAgent();
  const remember = useRememberAgent();
  const upsertAgent = useAppStore((state) => state.upsertAgent);
  const [auth, setAuth] = useState<AgentAuth>(agent.settings.auth);
  const [headers, setHeaders] = useState<CustomHeader[]>(agent.settings.headers);
  const [generation, setGeneration] = useState<Generation | ''>(agent.settings.selection.generation ?? '');
  const [binding, setBinding] = useState<Binding | ''>(agent.settings.selection.binding ?? '');
  const [extensions, setExtensions] = useState(agent.settings.extensions.join('\n'));
  const [timeouts, setTimeouts] = useState(agent.settings.timeouts);
  const [resync, setResync] = useState(agent.settings.resyncOnDrop);
  const [limits, setLimits] = useState(agent.settings.limits);
  const [connection, setConnection] = useState(connectionDraft(agent.settings.connection));

  const open = () => {
    setAuth(agent.settings.auth);
    setHeaders(agent.settings.headers);
    // The passphrase typed last time comes back from the host as the placeholder, never as typed.
    setConnection(connectionDraft(agent.settings.connection));
    dialog.current?.showModal();
  };
  const save = (event: FormEvent) => {
    event.preventDefault();
    configure.mutate(
      {
        agentId: agent.id,
        settings: {
          selection: {
            ...(generation ? { generation } : {}),
            ...(binding ? { binding } : {}),
          },
          auth,
          headers: headers.filter((h) => h.name.trim() !== ''),
          extensions: extensions
            .split('\n')
            .map((line) => line.trim())
            .filter(Boolean),
          timeouts,
          limits,
          resyncOnDrop: resync,
          connection: connectionFromDraft(connection),
        },
      },
      {
        onSuccess: (summary) => {
          upsertAgent(summary);
          remember(summary);
          dialog.current?.close();
        },
      },
    );
  };

  return {
    dialog,
    configure,
    auth,
    setAuth,
    headers,
    setHeaders,
    generation,
    setGeneration,
    binding,
    setBinding,
    extensions,
    setExtensions,
    timeouts,
    setTimeouts,
    resync,
    setResync,
    limits,
    setLimits,
    connection,
    setConnection,
    open,
    save,
  };
}
