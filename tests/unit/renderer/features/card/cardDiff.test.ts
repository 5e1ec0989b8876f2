// The card diff (CARD-6): members added, removed and changed by JSON pointer; arrays aligned by identity and
// equality, so an inserted skill is one addition; pointers escaped per RFC 6901.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countDiff, diffJson, jsonEqual } from '../../../../../renderer/features/card/cardDiff';

const skill = (id: string, extra: Record<string, unknown> = {}) => ({ id, name: id, tags: ['t'], ...extra });

describe('diffJson', () => {
  it('finds nothing between equal values, whatever the member order', () => {
    expect(diffJson({ a: 1, b: [1, { c: 2 }] }, { b: [1, { c: 2 }], a: 1 })).toEqual([]);
  });

  it('names added, removed and changed members by pointer', () => {
    const entries = diffJson(
      { name: 'A', description: 'public', capabilities: { streaming: true } },
      {
        name: 'A',
        description: 'extended',
        capabilities: { streaming: true, pushNotifications: true },
        x: 1,
      },
    );
    expect(entries).toEqual([
      { kind: 'changed', pointer: '/description', before: 'public', after: 'extended' },
      { kind: 'added', pointer: '/capabilities/pushNotifications', after: true },
      { kind: 'added', pointer: '/x', after: 1 },
    ]);
    expect(diffJson({ a: 1, b: 2 }, { a: 1 })).toEqual([{ kind: 'removed', pointer: '/b', before: 2 }]);
  });

  it('reads a skill added at the end or at the front as one addition', () => {
    const before = { skills: [skill('echo'), skill('other')] };
    expect(diffJson(before, { skills: [skill('echo'), skill('other'), skill('extended-echo')] })).toEqual([
      { kind: 'added', pointer: '/skills/2', after: skill('extended-echo') },
    ]);
    expect(diffJson(before, { skills: [skill('extended-echo'), skill('echo'), skill('other')] })).toEqual([
      { kind: 'added', pointer: '/skills/0', after: skill('extended-echo') },
    ]);
  });

  it('matches a skill by its id and reports what changed inside it, with where it was', () => {
    const entries = diffJson(
      { skills: [skill('a'), skill('b', { description: 'old' })] },
      { skills: [skill('new'), skill('a'), skill('b', { description: 'new' })] },
    );
    expect(entries).toEqual([
      { kind: 'added', pointer: '/skills/0', after: skill('new') },
      {
        kind: 'changed',
        pointer: '/skills/2/description',
        beforePointer: '/skills/1/description',
        before: 'old',
        after: 'new',
      },
    ]);
  });

  it('does not pair skills with different ids: one removed, one added', () => {
    expect(diffJson({ skills: [skill('a')] }, { skills: [skill('b')] })).toEqual([
      { kind: 'removed', pointer: '/skills/0', before: skill('a') },
      { kind: 'added', pointer: '/skills/0', after: skill('b') },
    ]);
  });

  it('pairs an edited element without identity (an interface whose URL changed)', () => {
    const iface = (url: string) => ({ url, protocolBinding: 'JSONRPC', protocolVersion: '1.0' });
    expect(
      diffJson(
        { supportedInterfaces: [iface('http://a/rpc')] },
        { supportedInterfaces: [iface('http://b/rpc')] },
      ),
    ).toEqual([
      {
        kind: 'changed',
        pointer: '/supportedInterfaces/0/url',
        before: 'http://a/rpc',
        after: 'http://b/rpc',
      },
    ]);
  });

  it('matches extensions by uri', () => {
    const ext = (required: boolean) => ({ uri: 'urn:x', required });
    expect(diffJson({ e: [{ uri: 'urn:y' }, ext(false)] }, { e: [ext(true)] })).toEqual([
      { kind: 'removed', pointer: '/e/0', before: { uri: 'urn:y' } },
      {
        kind: 'changed',
        pointer: '/e/0/required',
        beforePointer: '/e/1/required',
        before: false,
        after: true,
      },
    ]);
  });

  it('reports a change of type as one change, and the whole value when the roots differ', () => {
    expect(diffJson({ a: [1] }, { a: { 0: 1 } })).toEqual([
      { kind: 'changed', pointer: '/a', before: [1], after: { 0: 1 } },
    ]);
    expect(diffJson('x', 2)).toEqual([{ kind: 'changed', pointer: '', before: 'x', after: 2 }]);
  });

  it('escapes "~" and "/" in member names (RFC 6901)', () => {
    expect(diffJson({}, { 'a/b~c': 1 })).toEqual([{ kind: 'added', pointer: '/a~1b~0c', after: 1 }]);
  });

  it('counts entries by kind', () => {
    expect(countDiff(diffJson({ a: 1, b: 2 }, { a: 3, c: 4 }))).toEqual({ added: 1, removed: 1, changed: 1 });
  });

  it('is empty exactly when the values are equal, and never throws (property)', () => {
    const json = fc.jsonValue({ maxDepth: 3 });
    fc.assert(
      fc.property(json, json, (a, b) => {
        const entries = diffJson(a, b);
        expect(entries.length === 0).toBe(jsonEqual(a, b));
        expect(diffJson(a, a)).toEqual([]);
      }),
    );
  });
});
