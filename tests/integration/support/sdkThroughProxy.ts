// How the SDK interop tests of the recording proxy (PRX-1) meet a peer: one peer for the whole file, and for each run
// a fresh proxy with a recorder and a tapped fetch, plus the official SDK client of the version under test (handed in
// as its `client` module) preferring one binding and reading every byte through the tap. The 0.3 and the 1.x SDK
// tests share it so that a fix to the set-up lands in both.

import { afterAll, beforeAll } from 'vitest';
import { startRecordingProxy, type RunningProxy } from '../../../electron/host/proxy/recordingProxy';
import { peers, type PeerHandle, type PeerName } from '../../peers';
import { keptFrames, tapFetch, type KeptFrames, type Tap } from './proxyHarness';

/** The HTTP bindings both SDK generations speak; each test runs once per binding. */
export const SDK_BINDINGS = ['JSONRPC', 'HTTP+JSON'] as const;
export type SdkBinding = (typeof SDK_BINDINGS)[number];

/** Starts the named peer before the file's tests and closes it after them; call the getter inside a test. */
export function peerForFile(name: PeerName): () => PeerHandle {
  let peer: PeerHandle | undefined;
  beforeAll(async () => {
    peer = await peers[name]();
  });
  afterAll(async () => {
    await peer?.close();
  });
  return () => {
    if (!peer) throw new Error(`the ${name} peer has not started`);
    return peer;
  };
}

interface FetchOptions {
  fetchImpl: typeof fetch;
}

/**
 * The parts of an SDK's `client` module the set-up needs; a2a-sdk-v03/client and @a2a-js/sdk/client both have them.
 * Overrides are all optional, as the SDKs' own `Partial<ClientFactoryOptions>` is, so either module fits.
 */
export interface SdkClientModule<Client, Options> {
  ClientFactory: new (options: Options) => { createFromUrl(baseUrl: string): Promise<Client> };
  ClientFactoryOptions: {
    default: Options;
    createFrom(
      original: Options,
      overrides: { transports?: unknown[]; preferredTransports?: string[]; cardResolver?: unknown },
    ): Options;
  };
  JsonRpcTransportFactory: new (options: FetchOptions) => unknown;
  RestTransportFactory: new (options: FetchOptions) => unknown;
  DefaultAgentCardResolver: new (options: FetchOptions) => unknown;
}

/** A client of the given SDK for the proxy's card, preferring `binding`, every request through the tap. */
export async function sdkClientFor<Client, Options>(
  sdk: SdkClientModule<Client, Options>,
  proxy: RunningProxy,
  binding: SdkBinding,
  tap: Tap,
): Promise<Client> {
  const factory = new sdk.ClientFactory(
    sdk.ClientFactoryOptions.createFrom(sdk.ClientFactoryOptions.default, {
      transports: [
        new sdk.JsonRpcTransportFactory({ fetchImpl: tap.fetch }),
        new sdk.RestTransportFactory({ fetchImpl: tap.fetch }),
      ],
      preferredTransports: [binding],
      cardResolver: new sdk.DefaultAgentCardResolver({ fetchImpl: tap.fetch }),
    }),
  );
  return factory.createFromUrl(proxy.status().listenUrl);
}

export interface ProxiedSdkRun<Client> {
  proxy: RunningProxy;
  kept: KeptFrames;
  tap: Tap;
  client: Client;
}

/** Starts a recording proxy in front of `upstream`, runs `test` with an SDK client through it, then closes it. */
export async function throughRecordingProxy<Client, Options>(
  sdk: SdkClientModule<Client, Options>,
  upstream: string,
  binding: SdkBinding,
  test: (run: ProxiedSdkRun<Client>) => Promise<void>,
): Promise<void> {
  const kept = keptFrames();
  const proxy = await startRecordingProxy({ upstream }, { recorder: kept.recorder });
  const tap = tapFetch();
  try {
    const client = await sdkClientFor(sdk, proxy, binding, tap);
    await test({ proxy, kept, tap, client });
  } finally {
    await proxy.close();
  }
}
