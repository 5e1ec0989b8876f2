// Schema help in the request editor (MSG-8): a draft is recognised as an A2A operation by the adapters themselves
// (an HTTP+JSON route by method and path, a JSON-RPC body by its method name), with the adapter's own example body;
// anything else gets no hint. Form bodies read and write as rows.

import { describe, expect, it } from 'vitest';
import { adapters } from '../../../../../shared/a2a/adapters';
import { jsonRpcTemplate } from '../../../../../renderer/features/raw/rawDraft';
import { formRows, formText } from '../../../../../renderer/features/raw/queryRows';
import { routeHints } from '../../../../../renderer/features/raw/routeHints';

describe('routeHints', () => {
  it('recognises an HTTP+JSON send route and offers that generation’s example body', () => {
    const hints = routeHints('post', 'http://a.test/api/v1/message:send', '');
    expect(hints.length).toBeGreaterThan(0);
    for (const hint of hints) {
      expect(hint).toMatchObject({ binding: 'HTTP+JSON', operation: 'send' });
      expect(JSON.parse(hint.example!)).toMatchObject({ message: { messageId: 'msg-1' } });
    }
  });

  it('recognises a task get by method and path, with no example body', () => {
    const hints = routeHints('GET', 'http://a.test/tasks/abc', '');
    expect(hints.map((h) => h.operation)).toContain('get');
    expect(hints.every((h) => h.example === undefined)).toBe(true);
    expect(routeHints('DELETE', 'http://a.test/tasks/abc', '').map((h) => h.operation)).not.toContain('get');
  });

  it('recognises each JSON-RPC generation’s send by its method name', () => {
    for (const adapter of adapters.filter((a) => a.binding === 'JSONRPC')) {
      const body = jsonRpcTemplate(adapter.generation);
      const hints = routeHints('POST', 'http://a.test/rpc', body);
      expect(hints.some((h) => h.generation === adapter.generation && h.operation === 'send')).toBe(true);
    }
  });

  it('gives no hint for other routes, bodies or URLs', () => {
    expect(routeHints('POST', 'http://a.test/chat/completions', '{"model":"x"}')).toEqual([]);
    expect(routeHints('POST', 'not a url', '')).toEqual([]);
    expect(routeHints('POST', 'http://a.test/', '{"jsonrpc":"2.0","method":"nope"}')).toEqual([]);
  });
});

describe('form rows', () => {
  it('reads and writes a form body as the URL standard encodes it', () => {
    expect(formRows('a=1&b=x+y&c=%26')).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: 'x y' },
      { name: 'c', value: '&' },
    ]);
    expect(formRows('  ')).toEqual([]);
    expect(formText([{ name: 'q', value: 'a b&c' }])).toBe('q=a+b%26c');
  });
});
