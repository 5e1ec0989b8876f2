// What an A2A answer's HTTP head says before its body is decoded: the content type the binding calls for
// (docs/protocol.md#versions-headers-and-content-types), and one-line descriptions of outcomes that the UI and the CLI
// show as they are.

import { a2aRef, cite } from '../checks/specRefs';
import type { Finding } from '../wire/finding';
import type { HeaderList } from '../wire/frame';
import type { EncodedRequest } from './adapter';
import { contentType } from './binding';
import type { Binding, Generation } from './generation';
import type { A2AError, OperationResult } from './model';

/** How much of an unexpected body the one-line message quotes. */
export const PREVIEW_BYTES = 1024;

/** Content types an answer may have, per binding and generation; a stream may also be refused with JSON. */
export function expectedContentTypes(
  request: Pick<EncodedRequest, 'streaming'>,
  binding: Binding,
  generation: Generation,
): string[] {
  // gRPC over HTTP/2 (the host's gRPC exchange writes the head as it came).
  if (binding === 'GRPC') return ['application/grpc', 'application/grpc+proto'];
  const json =
    binding === 'HTTP+JSON' && generation === '1.0'
      ? ['application/a2a+json', 'application/json']
      : ['application/json'];
  return request.streaming ? ['text/event-stream', ...json] : json;
}

export function checkContentType(
  request: Pick<EncodedRequest, 'streaming'>,
  binding: Binding,
  generation: Generation,
  status: number,
  headers: HeaderList,
  bodySize: number,
): Finding[] {
  // No body (204, or a bodiless error) has nothing to label.
  if (bodySize === 0) return [];
  const expected = expectedContentTypes(request, binding, generation);
  const actual = contentType(headers);
  if (expected.includes(actual)) return [];
  return [
    {
      rule: 'http.content-type',
      severity: status >= 200 && status < 300 ? 'warning' : 'info',
      message: `Expected ${expected.join(' or ')} but the answer is ${actual || 'without a content type'}.`,
      // The binding's own requirements name its content type.
      ...cite(
        a2aRef(
          binding === 'GRPC'
            ? 'grpcTransport'
            : binding === 'HTTP+JSON'
              ? 'restTransport'
              : 'jsonRpcTransport',
          generation,
        ),
      ),
    },
  ];
}

/** "HTTP 502 Bad Gateway (text/html): <the first KB of the body>" */
export function describeUnexpectedAnswer(
  status: number,
  statusText: string,
  headers: HeaderList,
  bodyText: string,
): string {
  const type = contentType(headers) || 'no content type';
  const head = `HTTP ${status}${statusText ? ` ${statusText}` : ''} (${type})`;
  const body = bodyText.length > PREVIEW_BYTES ? `${bodyText.slice(0, PREVIEW_BYTES)}…` : bodyText;
  return body.trim() === '' ? `${head} with an empty body` : `${head}: ${body}`;
}

export function describeA2AError(error: A2AError): string {
  const code =
    error.code !== undefined
      ? ` ${error.code}`
      : error.httpStatus !== undefined
        ? ` (HTTP ${error.httpStatus})`
        : '';
  const name = error.name ? ` ${error.name}` : '';
  return `The agent answered with an error${code}${name}: ${error.message || '(no message)'}`;
}

export function describeResult(result: OperationResult): string {
  switch (result.type) {
    case 'task':
      return `Task ${result.task.id} is ${result.task.status.stateWire}.`;
    case 'message':
      return `The agent answered with a message (${result.message.parts.length} part${result.message.parts.length === 1 ? '' : 's'}).`;
    case 'task-page':
      return `${result.page.tasks.length} task${result.page.tasks.length === 1 ? '' : 's'}${result.page.nextPageToken ? ', more on the next page' : ''}.`;
    case 'push-config':
      return `Push config ${result.config.id ?? '(no id)'} → ${result.config.url}`;
    case 'push-configs':
      return `${result.configs.length} push config${result.configs.length === 1 ? '' : 's'}.`;
    case 'card':
      return 'The agent sent its extended card.';
    case 'empty':
      return 'Done (no content).';
  }
}
