// A compat server's other cards (CARD-1, docs/protocol.md#discovery): the same URL answers a different card depending
// on the `A2A-Version` request header. Lists which header gave which card, and lets the user read another card (with
// its own findings) or see how it differs from the card in use.

import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { AgentSummary, CardVariant } from '../../../shared/host/agent';
import { useHost } from '../../host/HostContext';
import { useAppStore } from '../../store/appStore';
import { diffJson } from './cardDiff';
import { CardDiffList } from './CardDiffList';
import { cardCheckQuery } from './cardQueries';
import { CardSource } from './CardSource';
import { parseCard } from './cardSummary';
import { prettyCardText } from './findingPlacement';

export interface CardVariantsProps {
  agent: AgentSummary;
  publicCard: unknown;
}

export function CardVariants({ agent, publicCard }: CardVariantsProps) {
  if (agent.variants.length === 0) return null;
  return <VariantList agent={agent} publicCard={publicCard} variants={agent.variants} />;
}

function VariantList({ agent, publicCard, variants }: CardVariantsProps & { variants: CardVariant[] }) {
  const host = useHost();
  const selectFrame = useAppStore((state) => state.selectFrame);
  const setActiveTab = useAppStore((state) => state.setActiveTab);
  const mainVersion = useRequestHeader(agent.cardFrameId, 'a2a-version');
  const [chosen, setChosen] = useState(0);
  const [view, setView] = useState<'changes' | 'card'>('changes');
  const index = chosen < variants.length ? chosen : 0;
  const variant = variants[index]!;
  const variantCard = useMemo(() => parseCard(variant.cardText), [variant.cardText]);
  const entries = useMemo(() => diffJson(publicCard, variantCard), [publicCard, variantCard]);
  const check = useQuery({
    ...cardCheckQuery(host, variant.cardText, agent.cardUrl),
    enabled: view === 'card',
  });
  const phrase = requestPhrase(variant.a2aVersion);

  return (
    <section aria-label="Cards per A2A-Version" className="card-variants" data-testid="card-variants">
      <h3>Cards per A2A-Version</h3>
      <p>
        This server answers a different card depending on the <code>A2A-Version</code> request header (a
        server that speaks several generations). Clients that send no header get the older card.
      </p>
      <ul className="card-variant-list">
        <li data-testid="card-variant-main">
          {versionLabel(mainVersion)} → the card in use above, A2A {agent.generation}
        </li>
        {variants.map((v, i) => (
          <li key={v.frameId}>
            <button
              type="button"
              aria-pressed={i === index}
              onClick={() => setChosen(i)}
              data-testid="card-variant"
              data-a2a-version={v.a2aVersion ?? ''}
              data-generation={v.generation ?? ''}
            >
              {versionLabel(v.a2aVersion)} → A2A {v.generation ?? '(generation not recognized)'}
              {v.superset ? ", carrying another generation's fields too" : ''}
            </button>{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                selectFrame(v.frameId);
                setActiveTab('frames');
              }}
            >
              Show the exchange
            </button>
          </li>
        ))}
      </ul>
      <span className="segmented" role="group" aria-label="Other card">
        <button
          type="button"
          aria-pressed={view === 'changes'}
          onClick={() => setView('changes')}
          data-testid="variant-show-changes"
        >
          Changes
        </button>
        <button
          type="button"
          aria-pressed={view === 'card'}
          onClick={() => setView('card')}
          data-testid="variant-show-card"
        >
          Card
        </button>
      </span>
      {view === 'changes' ? (
        variantCard === undefined ? (
          <p className="muted">
            The other card is not JSON, so there is nothing to compare; see it under Card.
          </p>
        ) : (
          <CardDiffList
            entries={entries}
            beforeLabel="card in use"
            afterLabel={`card sent ${phrase}`}
            testId="variant-diff"
            sideBySide={{
              original: prettyCardText(agent.cardText) ?? agent.cardText,
              modified: prettyCardText(variant.cardText) ?? variant.cardText,
              modelPath: `card/${agent.id}/variant-${index}/diff`,
            }}
          />
        )
      ) : (
        <CardSource
          key={variant.frameId}
          text={variant.cardText}
          findings={check.data?.findings ?? []}
          checking={check.isPending}
          checkError={check.error?.message}
          modelPath={`card/${agent.id}/variant-${index}`}
          testId="variant-card"
          label={`Card sent ${phrase}`}
        />
      )}
    </section>
  );
}

/** How a card was asked for: with which `A2A-Version`, without one, or not known (a card opened from text). */
function versionLabel(version: string | null | undefined): string {
  if (version === undefined) return 'As fetched';
  return version === null ? 'Without A2A-Version' : `With A2A-Version: ${version}`;
}

/** The same, inside a sentence: "the card sent without A2A-Version". */
function requestPhrase(version: string | null): string {
  return version === null ? 'without A2A-Version' : `with A2A-Version: ${version}`;
}

/** A request header of the frame that fetched something: undefined when the frame is unknown, null when absent. */
function useRequestHeader(frameId: string | undefined, name: string): string | null | undefined {
  return useAppStore((state) => {
    if (frameId === undefined) return undefined;
    const index = state.frameIndex.get(frameId);
    const frame = index === undefined ? undefined : state.frames[index];
    if (frame?.kind !== 'http') return undefined;
    const header = frame.request.headers.find(([key]) => key.toLowerCase() === name);
    return header ? header[1] : null;
  });
}
