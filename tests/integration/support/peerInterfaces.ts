// The generation × binding pairs each test peer's card declares, preferred first: the integration suites run
// every operation on each of them.

import type { Binding, Generation } from '../../../shared/a2a/generation';
import type { peers } from '../../peers';

export type PeerName = keyof typeof peers;

export const peerInterfaces: Record<PeerName, Array<[Generation, Binding]>> = {
  'v0.1': [['0.1', 'JSONRPC']],
  'v0.2': [['0.2', 'JSONRPC']],
  'v0.3': [
    ['0.3', 'JSONRPC'],
    ['0.3', 'HTTP+JSON'],
  ],
  'v1.0': [
    ['1.0', 'JSONRPC'],
    ['1.0', 'HTTP+JSON'],
  ],
  'v1.0-compat': [
    ['1.0', 'JSONRPC'],
    ['1.0', 'HTTP+JSON'],
    ['0.3', 'JSONRPC'],
    ['0.3', 'HTTP+JSON'],
  ],
};
