// An exchange as four texts to compare (FRM-7): request line and headers, request body, status and response headers,
// response body (for a stream, its events as they arrived). Secrets are masked, and JSON bodies are pretty-printed
// so a diff lines up member by member rather than showing one changed line.

import type { HttpFrame, SseFrame } from '../../../shared/wire/frame';
import { maskExchange } from '../../../shared/wire/secretMask';
import { prettyJson } from '../../ui/frameFormat';

export const sectionNames = ['request', 'requestBody', 'response', 'responseBody'] as const;
export type SectionName = (typeof sectionNames)[number];

export const sectionLabels: Record<SectionName, string> = {
  request: 'Request line and headers',
  requestBody: 'Request body',
  response: 'Status and response headers',
  responseBody: 'Response body',
};

function headerLines(headers: ReadonlyArray<readonly [string, string]>): string {
  return headers.map(([name, value]) => `${name}: ${value}`).join('\n');
}

function readable(text: string | undefined): string {
  if (text === undefined) return '';
  return prettyJson(text) ?? text;
}

export function frameSections(frame: HttpFrame, events: readonly SseFrame[]): Record<SectionName, string> {
  const shown = maskExchange(frame);
  const { response, error } = frame;
  const status = response
    ? `HTTP/${response.httpVersion} ${response.status} ${response.statusText}\n${headerLines(shown.responseHeaders ?? [])}`
    : error
      ? `${error.label}: ${error.message}`
      : 'No response yet';
  return {
    request: `${frame.request.method} ${shown.url}\n${headerLines(shown.requestHeaders)}`,
    requestBody: readable(shown.requestBody),
    response: status,
    responseBody: frame.stream ? events.map((event) => event.raw).join('') : readable(shown.responseBody),
  };
}
