// The card's interfaces (CARD-3): every URL × binding × generation it declares, with a radio to choose the one
// operations go to; interfaces Switchboard cannot speak are listed but cannot be chosen.

import type { AgentSummary } from '../../../shared/host/agent';
import { useConfigureAgent } from '../agents';

export function CardInterfaces({ agent }: { agent: AgentSummary }) {
  const configure = useConfigureAgent();
  return (
    <section aria-label="Interfaces" className="card-section">
      <h3>Interfaces</h3>
      {agent.problem && (
        <p className="error-text" role="alert">
          {agent.problem}
        </p>
      )}
      <ul className="interfaces" data-testid="interfaces">
        {agent.interfaces.map((iface) => {
          const chosen =
            agent.chosen?.url === iface.url &&
            agent.chosen.generation === iface.generation &&
            agent.chosen.bindingWire === iface.bindingWire;
          return (
            <li key={`${iface.url} ${iface.bindingWire} ${iface.generation}`}>
              <label>
                <input
                  type="radio"
                  name="interface"
                  checked={chosen}
                  disabled={!iface.binding}
                  onChange={() =>
                    configure.mutate({
                      agentId: agent.id,
                      settings: {
                        selection: {
                          url: iface.url,
                          generation: iface.generation,
                          ...(iface.binding ? { binding: iface.binding } : {}),
                        },
                      },
                    })
                  }
                  data-testid="interface-option"
                />{' '}
                {iface.bindingWire} · A2A {iface.generation} · <code>{iface.url}</code>
                {iface.tenant ? ` · tenant ${iface.tenant}` : ''}
              </label>
            </li>
          );
        })}
      </ul>
      {configure.error && (
        <p className="error-text" role="alert">
          The interface could not be chosen: {configure.error.message}
        </p>
      )}
    </section>
  );
}
