// The test peers by name: one real A2A agent per protocol generation (see README.md for what each supports).

import type { StartPeer } from './types';
import { startV01Peer } from './v01Peer';
import { startV02Peer } from './v02Peer';
import { startV03Peer } from './v03Peer';
import { startV10CompatPeer, startV10Peer } from './v10Peer';

export type { PeerGeneration, PeerHandle, PeerOptions, StartPeer, StreamOpened } from './types';

export const peers = {
  'v0.1': startV01Peer,
  'v0.2': startV02Peer,
  'v0.3': startV03Peer,
  'v1.0': startV10Peer,
  'v1.0-compat': startV10CompatPeer,
} as const satisfies Record<string, StartPeer>;

export type PeerName = keyof typeof peers;

export const peerNames = Object.keys(peers) as PeerName[];

export function isPeerName(value: string): value is PeerName {
  return Object.hasOwn(peers, value);
}
