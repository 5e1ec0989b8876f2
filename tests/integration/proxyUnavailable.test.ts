// The host's proxy methods before the recording proxy's engine is part of the build (PRX-1): starting one says so
// in a sentence, nothing is left running, and the list, stop and rules methods answer as for no proxy.

import { afterEach, describe, expect, it } from 'vitest';
import { createHost } from '../../electron/host/createHost';
import type { HostService } from '../../shared/host/hostApi';

let host: HostService | undefined;
afterEach(async () => {
  await host?.close();
  host = undefined;
});

describe('proxy methods without the engine', () => {
  it('refuses to start a proxy with a clear message and lists none', async () => {
    host = createHost({ edition: 'test', appVersion: '0.0.0-test' });
    await expect(host.startProxy({ upstream: 'http://127.0.0.1:9/' })).rejects.toThrow(
      'The recording proxy is not available in this build.',
    );
    await expect(host.startProxy({ upstream: 'nope' })).rejects.toThrow('“nope” is not a URL');
    expect(await host.listProxies()).toEqual([]);
    expect(await host.stopProxy({ id: 'p1' })).toEqual({ stopped: false });
    await expect(host.setProxyFaultRules({ id: 'p1', rules: null })).rejects.toThrow(
      'No proxy p1 is running',
    );
  });
});
