// NET-1: which proxy an exchange uses, from the target, HTTPS_PROXY / HTTP_PROXY / NO_PROXY and the agent's override.

import { describe, expect, it } from 'vitest';
import {
  bypasses,
  chooseProxy,
  isLoopback,
  showProxy,
} from '../../../../../electron/host/net/proxySelection';

const target = (url: string) => new URL(url);

describe('chooseProxy', () => {
  it('takes HTTPS_PROXY for https and HTTP_PROXY for http, the lower-case spelling first', () => {
    const env = {
      HTTPS_PROXY: 'http://upper:1',
      https_proxy: 'http://lower:2',
      HTTP_PROXY: 'http://plain:3',
    };
    expect(chooseProxy(target('https://agent.example.com/'), env)).toMatchObject({
      proxy: new URL('http://lower:2'),
      reason: 'https_proxy',
    });
    expect(chooseProxy(target('http://agent.example.com/'), env)).toMatchObject({ reason: 'HTTP_PROXY' });
  });

  it('uses no proxy when none is configured, or when the value is empty', () => {
    expect(chooseProxy(target('https://agent.example.com/'), {})).toEqual({});
    expect(chooseProxy(target('https://agent.example.com/'), { HTTPS_PROXY: '  ' })).toEqual({});
    expect(chooseProxy(target('https://agent.example.com/'), { HTTP_PROXY: 'http://p:1' })).toEqual({});
  });

  it('reads a bare host:port as an http proxy', () => {
    const choice = chooseProxy(target('https://a.example.com/'), { HTTPS_PROXY: 'proxy.corp:3128' });
    expect('proxy' in choice && choice.proxy?.href).toBe('http://proxy.corp:3128/');
  });

  it('skips environment proxies for loopback targets, and says why', () => {
    for (const url of [
      'http://127.0.0.1:8080/',
      'http://localhost/',
      'https://[::1]:9/',
      'http://127.1.2.3/',
    ]) {
      const choice = chooseProxy(target(url), { HTTP_PROXY: 'http://p:1', HTTPS_PROXY: 'http://p:1' });
      expect(choice).not.toHaveProperty('proxy');
      expect((choice as { reason: string }).reason).toMatch(/is this machine, so HTTPS?_PROXY is not used/);
    }
  });

  it('lets the agent override win both ways', () => {
    const env = { HTTPS_PROXY: 'http://env:1' };
    expect(chooseProxy(target('https://127.0.0.1/'), env, 'http://mine:8')).toMatchObject({
      proxy: new URL('http://mine:8'),
      reason: 'agent setting',
    });
    expect(chooseProxy(target('https://a.example.com/'), env, 'none')).toEqual({
      reason: 'the agent is set to use no proxy',
    });
  });

  it('says what is wrong with a proxy it cannot use', () => {
    expect(chooseProxy(target('https://a.example.com/'), { HTTPS_PROXY: 'socks5://p:1080' })).toEqual({
      error: 'HTTPS_PROXY "socks5://p:1080" is not supported: only http:// proxies are.',
    });
    expect(chooseProxy(target('https://a.example.com/'), {}, 'http://[bad')).toEqual({
      error: 'The agent’s proxy "http://[bad" is not a proxy URL such as http://proxy:3128.',
    });
  });

  it('names NO_PROXY when it matches', () => {
    const choice = chooseProxy(target('https://a.corp.example/'), {
      HTTPS_PROXY: 'http://p:1',
      no_proxy: 'corp.example',
    });
    expect(choice).toEqual({ reason: 'no_proxy (corp.example) matches a.corp.example' });
  });
});

describe('NO_PROXY matching', () => {
  const cases: Array<[string, string, boolean]> = [
    ['https://example.com/', 'example.com', true],
    ['https://api.example.com/', 'example.com', true],
    ['https://notexample.com/', 'example.com', false],
    ['https://api.example.com/', '.example.com', true],
    ['https://example.com/', '.example.com', true],
    ['https://api.example.com/', '*.example.com', true],
    ['https://anything.org/', '*', true],
    ['https://a.org/', 'b.org, c.org a.org', true],
    ['https://a.org/', 'b.org,,c.org', false],
    ['https://example.com:8443/', 'example.com:8443', true],
    ['https://example.com:8443/', 'example.com:443', false],
    ['https://example.com/', 'example.com:443', true],
    ['http://example.com/', 'example.com:80', true],
    ['http://10.0.0.5:9000/', '10.0.0.5', true],
    ['http://10.0.0.50/', '10.0.0.5', false],
    ['http://[fd00::1]:8080/', '[fd00::1]:8080', true],
    ['http://[fd00::1]:8080/', 'fd00::1', true],
    ['https://EXAMPLE.com/', 'Example.COM', true],
  ];
  it.each(cases)('%s against %j → %s', (url, noProxy, expected) => {
    expect(bypasses(target(url), noProxy)).toBe(expected);
  });
});

describe('helpers', () => {
  it('shows a proxy without its credentials', () => {
    expect(showProxy(new URL('http://user:secret@proxy.corp:3128/'))).toBe('http://proxy.corp:3128');
  });

  it('knows loopback names', () => {
    expect(isLoopback('LOCALHOST')).toBe(true);
    expect(isLoopback('10.0.0.1')).toBe(false);
  });
});
