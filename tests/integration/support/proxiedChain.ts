// Two proxied agents in a row, as the trace tests use them (PRX-2): the 1.0 test peer behind proxy B, an
// orchestrator (chainAgent.ts) that calls it through proxy B, and proxy A in front of the orchestrator; both proxies
// record into one frame list. Whether proxy A injects a traceparent and whether the orchestrator passes the context
// on are the test's to choose.

import { startRecordingProxy, type RunningProxy } from '../../../electron/host/proxy/recordingProxy';
import { traceHooks } from '../../../electron/host/proxy/traceHooks';
import { peers, type PeerHandle } from '../../peers';
import { startChainAgent, type ChainAgent } from './chainAgent';
import { keptFrames, type KeptFrames } from './proxyHarness';

export interface ProxiedChain {
  kept: KeptFrames;
  peer: PeerHandle;
  proxy2: RunningProxy;
  agent: ChainAgent;
  proxy1: RunningProxy;
  close(): Promise<void>;
}

export async function startProxiedChain(options: {
  inject: boolean;
  propagate: boolean;
}): Promise<ProxiedChain> {
  const kept = keptFrames();
  const peer = await peers['v1.0']();
  const proxy2 = await startRecordingProxy(
    { upstream: peer.baseUrl },
    { recorder: kept.recorder, id: 'proxy-b' },
  );
  const agent = await startChainAgent(proxy2.status().listenUrl, { propagate: options.propagate });
  const proxy1 = await startRecordingProxy(
    { upstream: agent.baseUrl, ...(options.inject ? { injectTrace: true } : {}) },
    {
      recorder: kept.recorder,
      id: 'proxy-a',
      ...(options.inject ? { hooks: traceHooks({ inject: true }) } : {}),
    },
  );
  return {
    kept,
    peer,
    proxy2,
    agent,
    proxy1,
    close: async () => {
      await proxy1.close();
      await agent.close();
      await proxy2.close();
      await peer.close();
    },
  };
}
