// One A2A operation end to end for tests: encode with a generation adapter, send it through the host's fetchRaw
// (so the bytes are the ones the product records), decode the answer, and for a stream split the exact body bytes
// with the SSE parser and decode each event. Also decodes recorded frames the same way.

import type {
  DecodedResponse,
  DecodedStreamEvent,
  EncodeContext,
  EncodedRequest,
  GenerationAdapter,
  Operation,
  OperationInputs,
} from '../../../shared/a2a/adapter';
import type { HostApi } from '../../../shared/host/hostApi';
import type { Finding } from '../../../shared/wire/finding';
import type { HttpFrame } from '../../../shared/wire/frame';
import { parseSseBytes } from '../../../shared/wire/sse';

export interface RoundTrip {
  request: EncodedRequest;
  frame: HttpFrame;
  decoded: DecodedResponse;
  events: DecodedStreamEvent[];
  /** Every finding of the response and its events. */
  findings: Finding[];
}

let sequence = 0;

export function testContext(endpoint: string, overrides: Partial<EncodeContext> = {}): EncodeContext {
  return {
    endpoint,
    requestId: ++sequence,
    newId: () => `sb-${Date.now().toString(36)}-${++sequence}`,
    ...overrides,
  };
}

export async function roundTrip<O extends Operation>(
  host: HostApi,
  adapter: GenerationAdapter,
  operation: O,
  input: OperationInputs[O],
  context: EncodeContext,
): Promise<RoundTrip> {
  const encoded = adapter.encode(operation, input, context);
  if (!encoded.ok)
    throw new Error(`${adapter.generation} ${adapter.binding} cannot encode ${operation}: ${encoded.reason}`);
  const frame = await host.fetchRaw({
    method: encoded.request.method,
    url: encoded.request.url,
    headers: encoded.request.headers,
    ...(encoded.request.body !== undefined ? { body: { text: encoded.request.body } } : {}),
    source: `test:${operation}`,
  });
  return decodeFrame(adapter, encoded.request, frame);
}

/** Decodes a frame that answered `request` (live or recorded). */
export function decodeFrame(
  adapter: GenerationAdapter,
  request: EncodedRequest,
  frame: HttpFrame,
): RoundTrip {
  if (!frame.response)
    throw new Error(
      `${request.method} ${request.url} failed: ${frame.error?.label} — ${frame.error?.message}`,
    );
  const response = {
    status: frame.response.status,
    headers: frame.response.headers,
    bodyText: frame.response.body.text,
  };
  const decoded = adapter.decodeResponse(request, response);
  const events: DecodedStreamEvent[] = [];
  const findings = [...decoded.findings];
  if (decoded.kind === 'stream') {
    const parsed = parseSseBytes(Buffer.from(frame.response.body.base64, 'base64'));
    findings.push(...parsed.findings);
    for (const event of parsed.events) {
      const item = adapter.decodeStreamEvent(request, event.data, event.type === 'error');
      events.push(item);
      findings.push(...item.findings);
    }
  }
  return { request, frame, decoded, events, findings };
}

export function errors(findings: readonly Finding[]): string[] {
  return findings
    .filter((f) => f.severity === 'error')
    .map((f) => `${f.rule} at ${f.pointer ?? ''}: ${f.message}`);
}
