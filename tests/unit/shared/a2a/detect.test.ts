// Generation and binding detection (CARD-3, docs/protocol.md#telling-the-generation-from-a-card), card lint (CARD-4)
// and the field lists behind it.

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  chooseInterface,
  detectCard,
  versionGeneration,
  type Detection,
} from '../../../../shared/a2a/detect';
import { cardFields } from '../../../../shared/checks/cardFields';
import { lintCard } from '../../../../shared/checks/cardLint';

/** Two example cards, as an A2A 0.3 and an A2A 1.0 agent on @a2a-js/sdk serve them. */
function protocolExampleCards(): unknown[] {
  return ['example-0.3.json', 'example-1.0.json'].map(
    (name) => JSON.parse(readFileSync(path.resolve('tests', 'fixtures', 'cards', name), 'utf8')) as unknown,
  );
}

function detect(card: unknown, servedFrom?: string): Detection {
  const result = detectCard(card, servedFrom ? { servedFrom } : {});
  if ('error' in result) throw new Error(result.error);
  return result;
}

const card0_1 = {
  name: 'Old',
  url: 'http://127.0.0.1:1/rpc',
  version: '1',
  capabilities: { streaming: true },
  authentication: { schemes: ['Bearer'] },
  skills: [{ id: 's', name: 'S' }],
};
const card0_2 = {
  name: 'Mid',
  description: 'd',
  url: 'http://127.0.0.1:1/rpc',
  version: '1',
  capabilities: {},
  securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } },
  security: [{ key: [] }],
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [{ id: 's', name: 'S', description: 'd', tags: [] }],
};

describe('detectCard', () => {
  it('classifies the example cards', () => {
    const examples = protocolExampleCards();
    expect(examples).toHaveLength(2);
    expect(examples.map((card) => detect(card).generation)).toEqual(['0.3', '1.0']);
  });

  it('0.3 by protocolVersion, with interfaces from url and additionalInterfaces', () => {
    const detection = detect(protocolExampleCards()[0]);
    expect(detection.reason).toBe(
      '0.3: protocolVersion "0.3.0", with `preferredTransport` and `additionalInterfaces`',
    );
    expect(detection.interfaces.map((i) => [i.bindingWire, i.url])).toEqual([
      ['JSONRPC', 'http://localhost:41241/a2a/jsonrpc'],
      ['HTTP+JSON', 'http://localhost:41241/a2a/rest'],
    ]);
  });

  it('1.0 by supportedInterfaces', () => {
    const detection = detect(protocolExampleCards()[1]);
    expect(detection).toMatchObject({ generation: '1.0', confidence: 'certain', superset: false });
    expect(detection.reason).toBe('1.0: `supportedInterfaces` lists 2 interfaces');
    expect(detection.interfaces.map((i) => i.binding)).toEqual(['JSONRPC', 'HTTP+JSON']);
  });

  it('a superset card prefers supportedInterfaces and says the agent speaks 0.3 too', () => {
    const superset = {
      ...(protocolExampleCards()[1] as object),
      protocolVersion: '0.3',
      url: 'http://localhost:41241/a2a/jsonrpc',
      preferredTransport: 'JSONRPC',
      supportedInterfaces: [
        { url: 'http://localhost:41241/a2a/jsonrpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
        { url: 'http://localhost:41241/a2a/jsonrpc', protocolBinding: 'JSONRPC', protocolVersion: '0.3' },
      ],
    };
    const detection = detect(superset);
    expect(detection.generation).toBe('1.0');
    expect(detection.superset).toBe(true);
    expect(detection.reason).toMatch(/superset card and the agent speaks 0\.3 too/);
    expect(detection.interfaces.map((i) => i.generation)).toEqual(['1.0', '0.3']);
    expect(chooseInterface(detection, { generation: '0.3' })?.protocolVersion).toBe('0.3');
  });

  it('0.2 without protocolVersion, by the fields 0.1 lacked', () => {
    const detection = detect(card0_2);
    expect(detection.generation).toBe('0.2');
    expect(detection.reason).toMatch(/`securitySchemes`, `security`/);
  });

  it('0.1 by authentication.schemes', () => {
    expect(detect(card0_1)).toMatchObject({ generation: '0.1', confidence: 'likely' });
  });

  it('guesses, and says so, when nothing tells', () => {
    const detection = detect({ name: 'x', url: 'http://127.0.0.1:1/', version: '1', skills: [] });
    expect(detection).toMatchObject({ confidence: 'guess' });
    expect(detection.reason).toMatch(/override/);
  });

  it('reports contradictions as warnings, not failures', () => {
    const rules = (card: unknown, from?: string) => detect(card, from).findings.map((f) => f.rule);
    expect(rules(card0_2, 'http://h/.well-known/agent-card.json')).toContain('card.path-generation');
    expect(rules({ ...(protocolExampleCards()[1] as object), security: [{ bearer: [] }] })).toContain(
      'card.renamed-field',
    );
    expect(
      rules({ ...card0_2, securitySchemes: { b: { httpAuthSecurityScheme: { scheme: 'Bearer' } } } }),
    ).toContain('card.scheme-shape');
    expect(rules({ ...card0_2, capabilities: { extendedAgentCard: true } })).toContain(
      'card.field-generation',
    );
  });

  it('refuses what is not a card', () => {
    expect(detectCard([1, 2])).toEqual({ error: 'An agent card must be a JSON object.' });
  });

  it('lets the user override binding and generation', () => {
    const detection = detect(protocolExampleCards()[0]);
    expect(chooseInterface(detection)?.binding).toBe('JSONRPC');
    expect(chooseInterface(detection, { binding: 'HTTP+JSON' })?.url).toBe('http://localhost:41241/a2a/rest');
    expect(chooseInterface(detection, { binding: 'JSONRPC', generation: '0.2' })).toMatchObject({
      generation: '0.2',
      url: 'http://localhost:41241/a2a/jsonrpc',
    });
    expect(chooseInterface(detection, { binding: 'GRPC' })).toBeUndefined();
  });

  it('reads version strings seen in the wild', () => {
    expect(['0.2.5', '0.2.9', '0.3.0', '0.3', '1.0', '1.0.1', 'v0.1', 'x'].map(versionGeneration)).toEqual([
      '0.2',
      '0.2',
      '0.3',
      '0.3',
      '1.0',
      '1.0',
      '0.1',
      undefined,
    ]);
  });
});

describe('lintCard', () => {
  const lint = (card: unknown, cardUrl?: string) =>
    lintCard(card, detect(card), cardUrl ? { cardUrl } : {}).map((f) => [f.rule, f.pointer]);

  it('is quiet on the example cards (served from their own origin)', () => {
    for (const card of protocolExampleCards())
      expect(lint(card, 'http://localhost:41241/.well-known/agent-card.json')).toEqual([]);
  });

  it('flags an interface on another origin than the card', () => {
    expect(lint(protocolExampleCards()[1], 'https://agents.example.com/.well-known/agent-card.json')).toEqual(
      [
        ['card.interface-origin', '/supportedInterfaces/0'],
        ['card.interface-origin', '/supportedInterfaces/1'],
      ],
    );
  });

  it('flags security requirements naming undefined schemes, in both shapes', () => {
    expect(lint({ ...card0_2, security: [{ key: [] }, { oauth: ['read'] }] })).toContainEqual([
      'card.undefined-scheme',
      '/security/1/oauth',
    ]);
    const v1 = {
      ...(protocolExampleCards()[1] as object),
      securityRequirements: [{ schemes: { missing: { list: [] } } }],
    };
    expect(lint(v1)).toContainEqual(['card.undefined-scheme', '/securityRequirements/0/schemes/missing']);
  });

  it('notes skill modes outside the defaults', () => {
    const card = {
      ...card0_2,
      skills: [{ id: 's', name: 'S', description: 'd', tags: [], outputModes: ['image/png'] }],
    };
    expect(lint(card)).toContainEqual(['card.skill-modes', '/skills/0/outputModes/0']);
  });

  it('flags a security scheme in no form the generation defines', () => {
    const v1 = protocolExampleCards()[1] as Record<string, unknown>;
    const broken = {
      ...v1,
      securitySchemes: { bearer: { scheme: { $case: 'httpAuthSecurityScheme', value: {} } } },
    };
    expect(lint(broken)).toContainEqual(['card.scheme-shape', '/securitySchemes/bearer']);
    expect(lint({ ...card0_2, securitySchemes: { key: { type: 'magic' } } })).toContainEqual([
      'card.scheme-shape',
      '/securitySchemes/key',
    ]);
    expect(lint(v1).map(([rule]) => rule)).not.toContain('card.scheme-shape');
  });

  it('asks for protocolVersion on 0.2/0.3 cards', () => {
    expect(lint(card0_2)).toContainEqual(['card.missing-protocol-version', '']);
    expect(lint(card0_1).map(([rule]) => rule)).not.toContain('card.missing-protocol-version');
  });

  it('shows unknown fields, and accepts 0.3 fields in a superset card', () => {
    expect(lint({ ...card0_1, x_vendor: 1 })).toContainEqual(['card.unknown-field', '/x_vendor']);
    const superset = {
      ...(protocolExampleCards()[1] as object),
      url: 'http://localhost:41241/a2a/jsonrpc',
      protocolVersion: '0.3',
    };
    expect(lint(superset).map(([rule]) => rule)).not.toContain('card.unknown-field');
  });
});

describe('cardFields', () => {
  it('match the AgentCard properties of the vendored schemas', () => {
    const props = (file: string, ...keys: string[]) => {
      let node = JSON.parse(readFileSync(path.join('vendor/a2a-spec', file), 'utf8')) as Record<
        string,
        unknown
      >;
      for (const key of keys) node = node[key] as Record<string, unknown>;
      return Object.keys(node.properties as object).sort();
    };
    expect([...cardFields['0.1']].sort()).toEqual(props('a2a-0.1.0.schema.json', '$defs', 'AgentCard'));
    expect([...cardFields['0.2']].sort()).toEqual(props('a2a-0.2.6.schema.json', 'definitions', 'AgentCard'));
    expect([...cardFields['0.3']].sort()).toEqual(props('a2a-0.3.0.schema.json', 'definitions', 'AgentCard'));
    expect([...cardFields['1.0']].sort()).toEqual(
      props('a2a-1.0.1.bundled.schema.json', 'definitions', 'Agent Card'),
    );
  });
});
