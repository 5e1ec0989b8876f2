// What the renderer needs before its first render, in one host call (`bootstrap`): the host's description, which the
// app's ready state waits on, and the first data of the sidebar's four lists. One round trip instead of five makes
// the start shorter (bench:start in BENCHMARKS.md), and the browser edition's page carries the answer so that it takes
// none; each list keeps its own success or failure, so a list that cannot be read fails as it did when the sidebar
// asked for it alone.

import type { HostCallErrorInfo, HostInfo } from './hostApi';
import type { LibraryLoad } from './agent';
import type { MockAgentInfo, RecentSession } from '../session/types';
import type { ProxyStatus } from '../proxy/proxyTypes';

/** One list's answer: its value, or the error its own call would have rejected with. */
export type BootstrapPart<T> = { ok: true; value: T } | { ok: false; error: HostCallErrorInfo };

export interface HostBootstrap {
  /** What `getInfo` answers; when it cannot be had, `bootstrap` itself rejects, as `getInfo` would. */
  info: HostInfo;
  /** `loadLibrary` */
  library: BootstrapPart<LibraryLoad>;
  /** `listSessions` */
  recentSessions: BootstrapPart<RecentSession[]>;
  /** `listMockAgents` */
  mockAgents: BootstrapPart<MockAgentInfo[]>;
  /** `listProxies` */
  proxies: BootstrapPart<ProxyStatus[]>;
}
