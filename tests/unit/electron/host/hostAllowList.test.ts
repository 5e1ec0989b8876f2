// The Host allow-list shared by every local listener (SEC-2): loopback names at the port, nothing else unless asked.

import { describe, expect, it } from 'vitest';
import { hostRefusal, loopbackHosts } from '../../../../electron/host/net/hostAllowList';

describe('hostRefusal', () => {
  it('allows the three loopback names at the port, in any case', () => {
    expect(loopbackHosts(80)).toEqual(['127.0.0.1:80', 'localhost:80', '[::1]:80']);
    for (const host of ['127.0.0.1:80', 'localhost:80', '[::1]:80', 'LocalHost:80']) {
      expect(hostRefusal(host, { port: 80 })).toBeUndefined();
    }
  });

  it.each([
    ['rebind.example:80', /"rebind\.example:80" is not one of 127\.0\.0\.1:80, localhost:80, \[::1\]:80/],
    ['localhost:81', /"localhost:81"/],
    ['localhost', /"localhost"/],
    ['127.0.0.1.nip.io:80', /DNS rebinding/],
    ['10.0.0.2:80', /not one of/],
  ])('refuses %s with a reason', (host, reason) => {
    expect(hostRefusal(host, { port: 80 })).toMatch(reason);
  });

  it('says when the header is missing', () => {
    expect(hostRefusal(undefined, { port: 80 })).toMatch(/no Host header/);
    expect(hostRefusal('  ', { port: 80 })).toMatch(/no Host header/);
  });

  it('adds the interface the user chose, and IP literals only when bound to every interface', () => {
    expect(hostRefusal('192.168.1.5:80', { port: 80, extra: ['192.168.1.5:80'] })).toBeUndefined();
    expect(hostRefusal('192.168.1.6:80', { port: 80, extra: ['192.168.1.5:80'] })).toMatch(/not one of/);
    expect(hostRefusal('192.168.1.6:80', { port: 80, anyIpLiteral: true })).toBeUndefined();
    expect(hostRefusal('[fe80::1]:80', { port: 80, anyIpLiteral: true })).toBeUndefined();
    expect(hostRefusal('192.168.1.6:81', { port: 80, anyIpLiteral: true })).toMatch(/not one of/);
    expect(hostRefusal('rebind.example:80', { port: 80, anyIpLiteral: true })).toMatch(/not one of/);
  });

  it('shortens a huge Host value in the reason', () => {
    expect(hostRefusal(`${'a'.repeat(5000)}:80`, { port: 80 })!.length).toBeLessThan(400);
  });
});
