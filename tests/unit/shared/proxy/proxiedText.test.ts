// The words for proxied frames (PRX-1, PRX-4, PRX-5) and the upstream check the app and the host share.

import { describe, expect, it } from 'vitest';
import { proxiedClientText, proxiedNotes, proxiedTitle } from '../../../../shared/proxy/proxiedText';
import type { ProxiedInfo } from '../../../../shared/proxy/proxyTypes';
import { checkUpstream } from '../../../../shared/proxy/proxyUpstream';

const info: ProxiedInfo = {
  proxyId: 'p1',
  listenUrl: 'http://127.0.0.1:41001',
  upstream: 'http://127.0.0.1:9001',
  client: { address: '127.0.0.1', port: 51234, userAgent: 'a2a-js/1.3.0' },
  binding: 'JSONRPC',
};

describe('proxied frame words', () => {
  it('names the client by address, port and user agent', () => {
    expect(proxiedClientText(info.client)).toBe('127.0.0.1:51234 · a2a-js/1.3.0');
    expect(proxiedClientText({ address: '::1', port: 5 })).toBe('[::1]:5');
    expect(proxiedClientText({ address: '127.0.0.1', port: 5, userAgent: '  ' })).toBe('127.0.0.1:5');
  });

  it('says which proxy carried the exchange for whom, to where', () => {
    expect(proxiedTitle(info)).toBe(
      'Carried by the proxy at http://127.0.0.1:41001 for 127.0.0.1:51234 · a2a-js/1.3.0, to http://127.0.0.1:9001',
    );
  });

  it('lists nothing when the bytes went through as they were', () => {
    expect(proxiedNotes(info)).toEqual([]);
  });

  it('lists each fault, a rewrite and a session standing in, one sentence each', () => {
    const notes = proxiedNotes({
      ...info,
      faults: [
        { ruleId: 'slow', kind: 'delay-first-byte', detail: 'Delayed the first byte by 2000 ms' },
        { ruleId: '2', kind: 'drop-stream', detail: 'Dropped the stream after 3 events' },
      ],
      rewritten: 'card',
      replacedBy: 'run.switchboard',
    });
    expect(notes).toEqual([
      'Fault “slow”: Delayed the first byte by 2000 ms',
      'Fault “2”: Dropped the stream after 3 events',
      'The card’s interfaces were rewritten to point at the proxy.',
      'Answered from the saved session run.switchboard, not the live agent.',
    ]);
    expect(proxiedNotes({ ...info, rewritten: 'push-config' })).toEqual([
      'The push config was routed through Switchboard’s receiver.',
    ]);
  });
});

describe('checkUpstream', () => {
  it('gives one key for a base URL and its card URL', () => {
    const base = checkUpstream(' http://127.0.0.1:9001/ ');
    const card = checkUpstream('HTTP://127.0.0.1:9001/.well-known/agent-card.json');
    const old = checkUpstream('http://127.0.0.1:9001/.well-known/agent.json?x=1');
    expect(base).toEqual({ ok: true, url: 'http://127.0.0.1:9001/', key: 'http://127.0.0.1:9001' });
    expect(card.ok && card.key).toBe('http://127.0.0.1:9001');
    expect(old.ok && old.key).toBe('http://127.0.0.1:9001');
    const other = checkUpstream('http://127.0.0.1:9001/a2a/v1');
    expect(other.ok && other.key).toBe('http://127.0.0.1:9001/a2a/v1');
  });

  it.each([
    ['', 'Type the agent to proxy: its card URL or its base URL.'],
    ['127.0.0.1:9001', '“127.0.0.1:9001” is not a URL: type one such as http://127.0.0.1:9999/.'],
    ['agent', '“agent” is not a URL: type one such as http://127.0.0.1:9999/.'],
    ['file:///etc/passwd', 'The upstream must be an http or https URL, not file.'],
    [
      'https://me:secret@agent.example/',
      'Leave credentials out of the upstream URL: set them in the agent’s settings.',
    ],
    [`http://x/${'a'.repeat(9000)}`, 'The upstream URL is longer than 8 KiB.'],
  ])('refuses %j: %s', (text, error) => {
    expect(checkUpstream(text)).toEqual({ ok: false, error });
  });
});
