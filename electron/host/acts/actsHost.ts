// What of the host an ACTS run uses: operations through the adapters, raw wire steps, streams, card fetches and the
// frames they publish. The executor, the service and the answer readers all take it, so it lives apart from them.

import type { HostService } from '../../../shared/host/hostApi';

/** The host methods an ACTS run calls: every step goes through them, so every step is a frame. */
export type ActsHost = Pick<
  HostService,
  'runOperation' | 'sendRaw' | 'awaitStream' | 'closeStream' | 'fetchRaw' | 'onEvent'
>;
