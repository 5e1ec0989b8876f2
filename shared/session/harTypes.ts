// HAR 1.2 (http://www.softwareishard.com/blog/har-12-spec/) as Switchboard writes it, with the custom fields it adds.
// HAR allows custom fields that start with `_`; Switchboard's carry what the standard fields cannot, so that a HAR
// it exported opens again as exactly the frames it came from (SES-5), while any other HAR tool reads the standard part.

import type { SessionAgent } from './types';
import type { Frame, HttpFrame, SseFrame, WebhookFrame } from '../wire/frame';

export interface HarNameValue {
  name: string;
  value: string;
}

export interface HarCookie extends HarNameValue {
  path?: string;
  domain?: string;
  expires?: string | null;
  httpOnly?: boolean;
  secure?: boolean;
}

/** Switchboard's extras on a body: the exact bytes when they are not UTF-8, and the cap that cut it. */
export interface HarBodyExtras {
  /** postData has no `encoding` field in HAR 1.2, so bytes that are not UTF-8 travel here as base64. */
  _base64?: string;
  _truncated?: { limit: number; seen: number };
}

export interface HarPostData extends HarBodyExtras {
  mimeType: string;
  text: string;
  params?: Array<{ name: string; value?: string; fileName?: string; contentType?: string }>;
}

export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarCookie[];
  headers: HarNameValue[];
  queryString: HarNameValue[];
  postData?: HarPostData;
  headersSize: number;
  bodySize: number;
}

export interface HarContent extends Omit<HarBodyExtras, '_base64'> {
  size: number;
  mimeType: string;
  text?: string;
  encoding?: 'base64';
}

export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: HarCookie[];
  headers: HarNameValue[];
  content: HarContent;
  redirectURL: string;
  headersSize: number;
  bodySize: number;
  /** Why there is no response (status 0), in the words Chrome DevTools also uses this field for. */
  _error?: string;
}

export interface HarTimings {
  blocked?: number;
  dns?: number;
  connect?: number;
  ssl?: number;
  send: number;
  wait: number;
  receive: number;
}

/** Fields of a frame the standard HAR fields cannot hold. */
export interface HarWireExtras {
  /** The URL exactly as recorded, when the HAR `url` had to be percent-encoded to be a valid URI. */
  url?: string;
  /** The response's HTTP version exactly as recorded, when `HTTP/x` spelling would not give it back. */
  httpVersion?: string;
  /** The response body as recorded, when `content` holds the event stream rebuilt from the `sse` frames. */
  responseBody?: HttpFrame['request']['body'];
  /** The frame had no response (the exchange failed or had not answered yet). */
  noResponse?: true;
}

/** Everything of an `http` or `webhook` frame except its request and response, plus the wire extras. */
export type HarFrameExtras =
  | (Omit<HttpFrame, 'request' | 'response'> & { wire?: HarWireExtras })
  | (Omit<WebhookFrame, 'request' | 'response'> & { wire?: HarWireExtras });

/** One block of an event stream, in arrival order. */
export interface HarSseEvent {
  seq: number;
  /** Arrival time, epoch milliseconds. */
  time: number;
  raw: string;
  rawBase64?: string;
  dispatched: boolean;
  event?: SseFrame['event'];
  /** The rest of the `sse` frame: id, source, byte span, comments, findings, A2A summary; `json: true` when parsed. */
  _switchboard?: Omit<
    SseFrame,
    'kind' | 'exchangeId' | 'seq' | 'raw' | 'rawBase64' | 'dispatched' | 'event' | 'json'
  > & {
    json?: true;
  };
}

export interface HarEntry {
  pageref?: string;
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: HarTimings;
  serverIPAddress?: string;
  connection?: string;
  comment?: string;
  _switchboard?: HarFrameExtras;
  _sseEvents?: HarSseEvent[];
}

export interface HarLogBody {
  version: string;
  creator: { name: string; version: string };
  entries: HarEntry[];
  comment?: string;
  /** Version of Switchboard's custom fields, so a later release can read older exports. */
  _switchboardFormat?: number;
  _switchboardAgents?: SessionAgent[];
  /** Frames no entry carries (an event whose exchange was not exported), kept so nothing is lost. */
  _switchboardFrames?: Frame[];
}

export interface HarLog {
  log: HarLogBody;
}
