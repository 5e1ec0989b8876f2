// Every way to bring an agent in: a URL, a pasted card, a card file, a saved library entry, the demo agent. Each
// opened agent becomes active, shows its card, and (when it has a URL) is remembered in the library.

import { useMutation } from '@tanstack/react-query';
import type { AgentSettingsChange, OpenAgentResult } from '../../../shared/host/agent';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { useRememberAgent } from './useLibrary';

export type AgentSource =
  | { kind: 'url'; url: string; cardPath?: string; settings?: AgentSettingsChange }
  | { kind: 'text'; text: string; name: string }
  | { kind: 'demo' };

export function useAgentSources() {
  const host = useHost();
  const upsertAgent = useAppStore((state) => state.upsertAgent);
  const setActiveAgent = useAppStore((state) => state.setActiveAgent);
  const setActiveTab = useAppStore((state) => state.setActiveTab);
  const remember = useRememberAgent();
  return useMutation({
    mutationFn: async (source: AgentSource): Promise<OpenAgentResult> => {
      switch (source.kind) {
        case 'url':
          return host.openAgent({
            url: source.url,
            ...(source.cardPath ? { cardPath: source.cardPath } : {}),
            ...(source.settings ? { settings: source.settings } : {}),
          });
        case 'text':
          return host.openCard({ text: source.text, name: source.name });
        case 'demo': {
          const demo = await host.startDemoAgent();
          return host.openAgent({ url: demo.url });
        }
      }
    },
    onSuccess(result, source) {
      if (!result.ok) return;
      upsertAgent(result.agent);
      setActiveAgent(result.agent.id);
      setActiveTab('card');
      // The demo agent lives on a new port each run: saving it would leave a dead entry behind.
      if (source.kind === 'url') remember(result.agent, source.cardPath);
    },
  });
}
