// Trace context through the recording proxy (PRX-2). The proxy is not a tracing participant: a valid traceparent and
// any tracestate go upstream exactly as the client sent them, so the proxy changes no byte the caller chose and the
// agent sees the span its real caller made. Only when the client sent no traceparent, and the user asked for it, does
// the proxy start a trace, and the frame says so. A malformed traceparent is passed on too (the inspector shows its
// findings): hiding a client's mistake from the agent would hide it from the user. See docs/protocol.md#trace-context.

import { randomBytes } from 'node:crypto';
import type { ForwardChange, ProxiedRequest, ProxyHooks } from '../../../shared/proxy/proxyTypes';
import { formatTraceparent, newTraceparent, type RandomBytes } from '../../../shared/wire/traceContext';

export interface TraceHookOptions {
  /** Add a traceparent to requests that carry none. */
  inject: boolean;
  /** Where new ids come from; node:crypto unless a test fixes them. */
  random?: RandomBytes;
}

const hasTraceparent = (request: ProxiedRequest): boolean =>
  request.headers.some(([name]) => name.toLowerCase() === 'traceparent');

export function traceHooks(options: TraceHookOptions): ProxyHooks {
  const random = options.random ?? ((length: number) => new Uint8Array(randomBytes(length)));
  return {
    beforeForward(request: ProxiedRequest): ForwardChange | undefined {
      if (!options.inject || hasTraceparent(request)) return undefined;
      const value = formatTraceparent(newTraceparent(random));
      return { headers: [...request.headers, ['traceparent', value]], note: `Injected traceparent ${value}` };
    },
  };
}
