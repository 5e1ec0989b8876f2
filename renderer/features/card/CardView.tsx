// The active agent's card (CARD-2..CARD-5): a readable summary — identity, provider, interfaces, capabilities,
// security schemes, skills with their examples — and the raw card with the findings of the host's checks.

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AgentSummary } from '../../../shared/agent';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { useActiveAgent, useConfigureAgent } from '../agents/useAgentActions';
import { BodyViewer } from '../frames/BodyViewer';
import { cardSummary } from './cardSummary';

export function CardView() {
  const agent = useActiveAgent();
  if (!agent) {
    return (
      <div className="empty-state" data-testid="card-empty">
        <p>Open an agent to read and validate its card.</p>
      </div>
    );
  }
  return <CardDetail agent={agent} />;
}

function CardDetail({ agent }: { agent: AgentSummary }) {
  const host = useHost();
  const setComposerText = useAppStore((state) => state.setComposerText);
  const setActiveTab = useAppStore((state) => state.setActiveTab);
  const configure = useConfigureAgent();
  const summary = useMemo(() => cardSummary(agent.cardText), [agent.cardText]);
  const check = useQuery({
    queryKey: ['checkCard', agent.id, agent.cardText],
    queryFn: () => host.checkCard({ text: agent.cardText, cardUrl: agent.cardUrl }),
  });
  const findings = check.data?.findings ?? [];

  return (
    <div className="card-view" data-testid="card-view">
      <header>
        <h2 data-testid="card-name">{summary.name}</h2>
        {summary.version && <span className="badge">v{summary.version}</span>}
        <span className="badge" data-testid="card-generation">
          A2A {agent.generation}
        </span>
        <p className="muted">{agent.detection.reason}</p>
        {summary.description && <p>{summary.description}</p>}
        {summary.provider && <p className="muted">by {summary.provider}</p>}
      </header>

      <section aria-label="Interfaces">
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
      </section>

      <section aria-label="Capabilities">
        <h3>Capabilities</h3>
        <p>{summary.capabilities.length ? summary.capabilities.join(' · ') : 'none declared'}</p>
      </section>

      {agent.securitySchemes.length > 0 && (
        <section aria-label="Security">
          <h3>Security schemes</h3>
          <ul>
            {agent.securitySchemes.map((scheme, i) => (
              <li key={scheme.name}>
                <strong>{scheme.name}</strong> <span className="muted">{scheme.kind}</span>{' '}
                {agent.authOffers[i]?.note && <span className="muted">— {agent.authOffers[i]!.note}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}

      <section aria-label="Skills">
        <h3>Skills</h3>
        {summary.skills.length === 0 && <p className="muted">No skills declared.</p>}
        {summary.skills.map((skill) => (
          <article key={skill.id} className="skill" data-testid="skill">
            <h4>{skill.name}</h4>
            {skill.description && <p>{skill.description}</p>}
            {skill.examples.map((example) => (
              <button
                key={example}
                type="button"
                className="example"
                onClick={() => {
                  setComposerText(example);
                  setActiveTab('conversation');
                }}
                data-testid="skill-example"
              >
                {example}
              </button>
            ))}
          </article>
        ))}
      </section>

      <section aria-label="Findings">
        <h3>Findings</h3>
        {check.isPending ? (
          <p className="muted">Checking…</p>
        ) : findings.length === 0 ? (
          <p data-testid="card-no-findings">
            No findings: the card follows its generation's schema and rules.
          </p>
        ) : (
          <ul className="findings" data-testid="card-findings">
            {findings.map((f, i) => (
              <li key={i} data-severity={f.severity} data-testid="card-finding">
                <span className={`severity ${f.severity}`}>{f.severity}</span>{' '}
                {f.line !== undefined && (
                  <span className="muted">
                    line {f.line}:{f.column}{' '}
                  </span>
                )}
                {f.message} <code className="muted">{f.rule}</code>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-label="Raw card">
        <h3>Raw card</h3>
        <BodyViewer
          body={{ base64: '', text: agent.cardText, size: agent.cardText.length, utf8Valid: true }}
          contentType="application/json"
          modelPath={`card/${agent.id}`}
        />
      </section>
    </div>
  );
}
