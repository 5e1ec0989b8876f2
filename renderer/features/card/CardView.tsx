// The active agent's card (CARD-3..CARD-6): a readable summary for every generation's shape — identity, provider,
// interfaces, capabilities and extensions, security schemes, signatures (CARD-7), skills with their examples, extra fields — then the
// raw card in Monaco with the host's findings as markers, a compat server's other cards, and the extended card.

import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { AgentSummary } from '../../../shared/host/agent';
import { useHost } from '../../host/HostContext';
import { useActiveAgent } from '../agents';
import { CardCapabilities } from './CardCapabilities';
import { extraFields } from './cardExtraFields';
import { CardIdentity } from './CardIdentity';
import { CardInterfaces } from './CardInterfaces';
import { cardCheckQuery } from './cardQueries';
import { CardSecurity } from './CardSecurity';
import { CardSignatures } from './CardSignatures';
import { CardSkills } from './CardSkills';
import { CardSource } from './CardSource';
import { cardSummary, parseCard } from './cardSummary';
import { CardVariants } from './CardVariants';
import { ExtendedCard } from './ExtendedCard';
import { ExtraFieldsList } from './ExtraFieldsList';
import './card.css';

export function CardView() {
  const agent = useActiveAgent();
  if (!agent) {
    return (
      <div className="empty-state" data-testid="card-empty">
        <p>Open an agent to read and validate its card.</p>
      </div>
    );
  }
  return <CardDetail key={agent.id} agent={agent} />;
}

function CardDetail({ agent }: { agent: AgentSummary }) {
  const host = useHost();
  const card = useMemo(() => parseCard(agent.cardText), [agent.cardText]);
  const summary = useMemo(() => cardSummary(card), [card]);
  const check = useQuery(cardCheckQuery(host, agent.cardText, agent.cardUrl));
  const findings = useMemo(() => check.data?.findings ?? [], [check.data]);
  const extras = useMemo(() => extraFields(card, findings), [card, findings]);

  return (
    <div className="card-view" data-testid="card-view">
      <CardIdentity agent={agent} summary={summary} />
      <div className="card-summary-grid">
        <CardInterfaces agent={agent} />
        <CardCapabilities summary={summary} />
        <CardSecurity agent={agent} />
        <CardSignatures card={card} />
        <ExtraFieldsList fields={extras} />
      </div>
      <CardSkills skills={summary.skills} />

      <h3>Raw card and findings</h3>
      <CardSource
        key={agent.cardText}
        text={agent.cardText}
        findings={findings}
        checking={check.isPending}
        checkError={check.error?.message}
        modelPath={`card/${agent.id}`}
        testId="card-raw"
        label="Raw card"
      />

      <CardVariants agent={agent} publicCard={card} />
      <ExtendedCard agent={agent} summary={summary} publicCard={card} />
    </div>
  );
}
