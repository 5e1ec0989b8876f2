// The address bar's exchange: any HTTP request, its whole body buffered into the frame up to a cap.

import type { RawRequest } from '../../shared/host/hostApi';
import type { HttpFrame, SecretMark } from '../../shared/wire/frame';
import { startExchange, type ExchangeDeps } from './exchange';

export const DEFAULT_TIMEOUTS = { connectMs: 10_000, firstByteMs: 30_000, totalMs: 120_000 } as const;
export const DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024;

export type FetchRawDeps = ExchangeDeps;

export function fetchRaw(request: RawRequest, deps: FetchRawDeps): Promise<HttpFrame> {
  const maxBytes = request.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const exchange = startExchange(request, deps, {
    timeouts: { ...DEFAULT_TIMEOUTS, ...request.timeouts },
    readBody: () => ({ mode: 'buffer', maxBytes }),
    source: request.source ?? 'raw',
  });
  // Marked before the first progress event, so no view or recording ever has the secret unmarked.
  const secrets = (request.secretHeaders ?? []).map((name): SecretMark => ({ in: 'request-header', name }));
  if (secrets.length > 0) exchange.frame.secrets = secrets;
  return exchange.done;
}
