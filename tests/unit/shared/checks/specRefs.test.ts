// Public spec references (shared/checks/specRefs.ts): every URL the module or the checks catalogue can produce lands
// on a heading recorded from the real document (tests/fixtures/spec-headings.json), so a wrong anchor fails here;
// A2A links are pinned to the release of the generation they cite, labels say the section they link to, and a
// generation whose specification lacks a section falls back to the nearest one that has it.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generations } from '../../../../shared/a2a/generation';
import { allCheckSpecs, CHECKS, checkSpec } from '../../../../shared/checks/catalog';
import {
  A2A_SPEC_TAGS,
  a2aRef,
  allSpecRefs,
  githubAnchor,
  isSpecUrl,
  JSON_RPC,
  type SpecRef,
} from '../../../../shared/checks/specRefs';

interface Heading {
  anchor: string;
  text: string;
}
interface SpecDocument {
  url: string;
  source: string;
  headings: Heading[];
}

const fixture = JSON.parse(readFileSync(path.resolve('tests/fixtures/spec-headings.json'), 'utf8')) as {
  documents: SpecDocument[];
};
const documents = new Map(fixture.documents.map((doc) => [doc.url, doc]));

/** The recorded heading a URL points at, the document itself for a URL without an anchor, or why it points nowhere. */
function landing(url: string): { doc: SpecDocument; heading?: Heading } | { error: string } {
  const hash = url.indexOf('#');
  const base = hash < 0 ? url : url.slice(0, hash);
  const doc = documents.get(base);
  if (!doc) return { error: `${base} is not a recorded document` };
  if (hash < 0) return { doc };
  const anchor = url.slice(hash + 1);
  const heading = doc.headings.find((h) => h.anchor === anchor);
  return heading ? { doc, heading } : { error: `#${anchor} is no recorded heading of ${base}` };
}

/** GitHub's heading anchor, written again here so the module's own function is checked against it. */
function slugAsGitHub(text: string): string {
  let out = '';
  for (const ch of text.toLowerCase()) {
    if (ch === ' ') out += '-';
    else if (ch === '-' || ch === '_' || /[\p{L}\p{M}\p{N}]/u.test(ch)) out += ch;
  }
  return out;
}

/** "7.2. `message/stream`" → "7.2 message/stream", the way labels write a section. */
const asLabel = (heading: string) => heading.replace(/`/g, '').replace(/^(\d+(?:\.\d+)*)\.?\s+/, '$1 ');

const everything: SpecRef[] = [
  ...allSpecRefs(),
  ...allCheckSpecs(),
  ...CHECKS.map((check) => ({ label: check.spec, url: check.specUrl ?? '' })),
];

describe('the recorded headings', () => {
  it('hold each A2A anchor as GitHub computes it from the heading at that tag', () => {
    const a2a = fixture.documents.filter((doc) => doc.url.startsWith('https://github.com/a2aproject/A2A/'));
    expect(a2a.map((doc) => doc.url.split('/')[6])).toEqual(Object.values(A2A_SPEC_TAGS));
    for (const doc of a2a) {
      expect(doc.source).toMatch(/tag v\d+\.\d+\.\d+ \(commit [0-9a-f]{40}\)/);
      for (const heading of doc.headings) {
        expect(heading.anchor, heading.text).toBe(slugAsGitHub(heading.text));
        expect(githubAnchor(heading.text)).toBe(heading.anchor);
      }
    }
  });

  it('are all cited: nothing is recorded that no reference uses', () => {
    const used = new Set(everything.map((ref) => ref.url));
    for (const doc of fixture.documents) {
      for (const heading of doc.headings)
        expect(used, `${doc.url}#${heading.anchor}`).toContain(`${doc.url}#${heading.anchor}`);
    }
  });
});

describe('every reference', () => {
  it('points at a recorded heading (or a recorded document), and its label names that section', () => {
    expect(everything.length).toBeGreaterThan(100);
    for (const ref of everything) {
      const landed = landing(ref.url);
      if ('error' in landed) throw new Error(`${ref.label}: ${landed.error}`);
      if (landed.heading)
        expect(ref.label.endsWith(`§${asLabel(landed.heading.text)}`), ref.label).toBe(true);
      else expect(ref.label).toMatch(/^(A2A \d\.\d specification|JSON-RPC 2\.0)$/);
      expect(isSpecUrl(ref.url), ref.url).toBe(true);
    }
  });

  it('a wrong anchor is caught', () => {
    expect(landing(`${JSON_RPC.request.url}x`)).toEqual({
      error: '#request_objectx is no recorded heading of https://www.jsonrpc.org/specification',
    });
    const v1 = a2aRef('taskState', '1.0').url.replace('#413-taskstate', '#413-task-state');
    expect('error' in landing(v1)).toBe(true);
  });

  it('A2A: pinned to the release of the generation its label names', () => {
    for (const ref of everything.filter((r) => r.label.startsWith('A2A '))) {
      const generation = /^A2A (\d\.\d) /.exec(ref.label)?.[1] as keyof typeof A2A_SPEC_TAGS;
      expect(ref.url, ref.label).toContain(`/blob/${A2A_SPEC_TAGS[generation]}/docs/specification.md`);
    }
  });
});

describe('per generation', () => {
  it('cites the agent’s own specification', () => {
    expect(a2aRef('streaming', '0.1')).toEqual({
      label: 'A2A 0.1 §7.2 tasks/sendSubscribe',
      url: 'https://github.com/a2aproject/A2A/blob/v0.1.0/docs/specification.md#72-taskssendsubscribe',
    });
    expect(a2aRef('streaming', '0.3').label).toBe('A2A 0.3 §7.2 message/stream');
    expect(a2aRef('streaming', '1.0')).toEqual({
      label: 'A2A 1.0 §3.1.2 Send Streaming Message',
      url: 'https://github.com/a2aproject/A2A/blob/v1.0.1/docs/specification.md#312-send-streaming-message',
    });
    expect(checkSpec('state.illegal-transition', '0.2').label).toBe('A2A 0.2 §6.3 TaskState Enum');
  });

  it('falls back to the nearest generation that has the section, the newer on a tie; unknown means the default', () => {
    // Only 1.0 has A2A-Version; 0.1 and 0.2 have no REST binding; 1.0 has no `final`.
    expect(a2aRef('versioning', '0.3').label).toBe('A2A 1.0 §3.6 Versioning');
    expect(a2aRef('restErrors', '0.1').label).toBe('A2A 0.3 §3.2.3 HTTP+JSON/REST Transport');
    expect(a2aRef('extensions', '0.1').label).toBe('A2A 0.2 §5.5.2.1 AgentExtension Object');
    expect(checkSpec('state.final-misuse', '1.0').label).toBe('A2A 0.3 §7.2.2 TaskStatusUpdateEvent Object');
    expect(checkSpec('state.final-misuse').label).toBe('A2A 0.3 §7.2.2 TaskStatusUpdateEvent Object');
    expect(a2aRef('taskState', '2.7')).toEqual(a2aRef('taskState', '1.0'));
    expect(a2aRef('taskState')).toEqual(a2aRef('taskState', '1.0'));
    for (const generation of generations)
      expect(a2aRef('dataModel', generation).label).toContain(`A2A ${generation} `);
  });
});

describe('isSpecUrl', () => {
  it('accepts the public specifications only', () => {
    expect(isSpecUrl('https://www.rfc-editor.org/rfc/rfc8259#section-8.1')).toBe(true);
    for (const url of [
      'https://evil.example/#https://www.jsonrpc.org/specification',
      'https://github.com/someone/A2A/blob/v1.0.1/docs/specification.md',
      'https://github.com/a2aproject/A2A/blob/main/docs/../../x/specification.md',
      'javascript:alert(1)//https://www.jsonrpc.org/specification',
      'http://www.jsonrpc.org/specification',
      'https://www.jsonrpc.org/specification#a b',
    ])
      expect(isSpecUrl(url), url).toBe(false);
  });
});
