// What a finding cites, as shown (shared/checks/citation.ts): a public label with its link as carried; an old label
// from a session file (one that named a file of this project, or a public label saved without a link) mapped to the
// public section it stood for, in the agent's generation when the label did not say; and a link that is not one of a
// public specification dropped, the label kept.

import { describe, expect, it } from 'vitest';
import { citationOf } from '../../../../shared/checks/citation';
import { runChecks } from '../../../../shared/checks/runChecks';
import { a2aRef, JSON_RPC, RFC_8259, WHATWG_SSE } from '../../../../shared/checks/specRefs';
import { exchange } from '../../../fixtures/checks/frames';

const INTERNAL = /PROTOCOL\.md|FEATURES\.md|DESIGN\.md/;

/** Every label earlier versions wrote into findings and check results. */
const OLD_LABELS = [
  'PROTOCOL.md',
  'PROTOCOL.md §2',
  'PROTOCOL.md §2.5',
  'PROTOCOL.md §3',
  'PROTOCOL.md §3, §7.1',
  'PROTOCOL.md §3.2',
  'PROTOCOL.md §3.2 (0.2 JSON-RPC)',
  'PROTOCOL.md §3.3 (0.3 JSON-RPC)',
  'PROTOCOL.md §3.3 (0.3 HTTP+JSON)',
  'PROTOCOL.md §3.4 (1.0 JSON-RPC)',
  'PROTOCOL.md §3.4 (1.0 HTTP+JSON)',
  'PROTOCOL.md §3.5 (0.3 gRPC)',
  'PROTOCOL.md §3.5 (1.0 gRPC)',
  'PROTOCOL.md §4',
  'PROTOCOL.md §4 (0.1), §3.1',
  'PROTOCOL.md §4 (0.1), §6.2',
  'PROTOCOL.md §4.1',
  'PROTOCOL.md §4.1, §5',
  'PROTOCOL.md §4.3',
  'PROTOCOL.md §4.4, §5',
  'PROTOCOL.md §5',
  'PROTOCOL.md §6',
  'PROTOCOL.md §6.2 (0.2)',
  'PROTOCOL.md §6.2 (0.3)',
  'PROTOCOL.md §6.2 (1.0)',
  'PROTOCOL.md §6.3',
  'PROTOCOL.md §7',
  'PROTOCOL.md §7.1',
  'PROTOCOL.md §7.2',
  'PROTOCOL.md §8',
  'PROTOCOL.md §8, §6.2',
  'PROTOCOL.md §9.2',
  'FEATURES.md CARD-4',
  'DESIGN.md §1',
];

describe('citationOf', () => {
  it('keeps a public label with the link of a public specification', () => {
    const ref = a2aRef('taskState', '0.3');
    expect(citationOf(ref.label, ref.url)).toEqual(ref);
  });

  it('drops a link that is not one of a public specification, and keeps the label', () => {
    expect(citationOf('A2A 1.0 §4.1.3 TaskState', 'https://evil.example/')).toEqual({
      label: 'A2A 1.0 §4.1.3 TaskState',
    });
    expect(citationOf('Something else', undefined)).toEqual({ label: 'Something else' });
    expect(citationOf(undefined, undefined)).toBeUndefined();
    expect(citationOf('', 'https://www.jsonrpc.org/specification')).toBeUndefined();
  });

  it('maps every old internal label to a public section with a link, never an internal one', () => {
    for (const label of OLD_LABELS) {
      const cited = citationOf(label, undefined);
      expect(cited?.label, label).not.toMatch(INTERNAL);
      expect(cited?.url, label).toMatch(/^https:\/\//);
      // Even with a link beside it (no version wrote one, but a file may say anything).
      expect(citationOf(label, JSON_RPC.batch.url)?.label, label).not.toMatch(INTERNAL);
    }
  });

  it('maps old labels to the section they stood for, in the generation the label or the agent names', () => {
    expect(citationOf('PROTOCOL.md §5', undefined)).toEqual(a2aRef('streaming', '1.0'));
    expect(citationOf('PROTOCOL.md §5', undefined, { generation: '0.3' })).toEqual(
      a2aRef('streaming', '0.3'),
    );
    expect(citationOf('PROTOCOL.md §3.3 (0.3 HTTP+JSON)', undefined)).toEqual(a2aRef('restBinding', '0.3'));
    expect(citationOf('PROTOCOL.md §3.5 (1.0 gRPC)', undefined)).toEqual(a2aRef('grpcBinding', '1.0'));
    expect(citationOf('PROTOCOL.md §4 (0.1), §3.1', undefined)).toEqual(a2aRef('dataModel', '0.1'));
    expect(citationOf('PROTOCOL.md §4.3', undefined, { generation: '0.2' })).toEqual(
      a2aRef('taskIds', '0.2'),
    );
    expect(citationOf('PROTOCOL.md §7.1', undefined, { generation: '0.1' })).toEqual(
      a2aRef('jsonRpcErrors', '0.1'),
    );
    expect(citationOf('PROTOCOL.md §8', undefined, { rule: 'frame.content-type' })).toEqual(
      a2aRef('jsonRpcTransport', '1.0'),
    );
    expect(citationOf('PROTOCOL.md §8', undefined, { rule: 'frame.a2a-version' })).toEqual(
      a2aRef('versioning', '1.0'),
    );
    expect(citationOf('FEATURES.md CARD-4', undefined, { generation: '0.3' })).toEqual(
      a2aRef('agentDiscovery', '0.3'),
    );
    expect(citationOf('PROTOCOL.md', undefined)?.label).toBe('A2A 1.0 specification');
  });

  it('gives old public labels their link', () => {
    expect(citationOf('JSON-RPC 2.0 §5', undefined)).toEqual(JSON_RPC.response);
    expect(citationOf('JSON-RPC 2.0 §4.2', undefined)).toEqual(JSON_RPC.parameters);
    expect(citationOf('JSON-RPC 2.0', undefined)).toEqual(JSON_RPC.specification);
    expect(citationOf('RFC 8259 §8.2', undefined)).toEqual(RFC_8259.unicode);
    expect(citationOf('RFC 8259', undefined)).toEqual(RFC_8259.grammar);
    expect(citationOf('WHATWG HTML §9.2.6', undefined)).toEqual(WHATWG_SSE.interpretation);
    expect(citationOf('A2A 0.2.4 JSON Schema (AgentCard)', undefined)).toEqual(a2aRef('agentCard', '0.2'));
    expect(citationOf('A2A 0.3.0 JSON Schema (SendMessageResponse)', undefined)).toEqual(
      a2aRef('dataModel', '0.3'),
    );
  });
});

describe('a report from an old session file', () => {
  it('shows public sections for findings saved with internal labels', () => {
    const report = runChecks({
      frames: [
        exchange({
          id: 'old',
          generation: '0.3',
          findings: [
            { rule: 'jsonrpc.unknown-code', severity: 'warning', message: 'm', spec: 'PROTOCOL.md §7.1' },
            { rule: 'sse.unknown-field', severity: 'warning', message: 'n', spec: 'WHATWG HTML §9.2.6' },
          ],
        }),
      ],
      agents: [{ id: 'a1', name: 'A', cardUrl: 'http://x/card', generation: '0.3' }],
      cardFindings: [
        {
          agentId: 'a1',
          findings: [
            { rule: 'card.interface-origin', severity: 'warning', message: 'o', spec: 'FEATURES.md CARD-4' },
          ],
        },
      ],
      appVersion: 'x',
    });
    expect(JSON.stringify(report)).not.toMatch(INTERNAL);
    const by = new Map(report.findings.map((f) => [f.message, f]));
    expect(by.get('m')).toMatchObject({
      spec: 'A2A 0.3 §8 Error Handling',
      specUrl: a2aRef('jsonRpcErrors', '0.3').url,
    });
    expect(by.get('n')).toMatchObject({
      spec: WHATWG_SSE.interpretation.label,
      specUrl: WHATWG_SSE.interpretation.url,
    });
    expect(by.get('o')).toMatchObject({ spec: 'A2A 0.3 §5 Agent Discovery: The Agent Card' });
  });
});
