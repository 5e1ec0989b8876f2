// What the mock agent writes back for a recorded exchange (SES-7): status, headers and body bytes as recorded, or
// the stream's blocks with the gaps between them. Pure: it plans, mockAgent.ts writes. Only three things change
// from the recording — the JSON-RPC id becomes the client's, interface URLs in an extended card point at the mock,
// secrets the frame marks are masked, and headers that described the old connection or the old length are dropped
// and the length recomputed.

import type { MockTiming } from '../../../shared/session/types';
import type { BodyBytes, HeaderList, HttpFrame, SseFrame } from '../../../shared/wire/frame';
import { maskJsonKeys, maskResponseBody } from '../../../shared/wire/secretMask';
import { rewriteCardUrls } from './mockCard';
import type { RecordedExchange, RequestFacts, RpcId } from './mockMatching';
import { replaceJsonRpcId, replaceSseBlockId } from './mockRewrite';

/** The longest pause a compressed replay keeps: enough to keep blocks apart, too short to wait for. */
export const COMPRESSED_GAP_MS = 20;

export interface ReplayChunk {
  /** Wait this long after the previous write (or the head) before writing. */
  delayMs: number;
  bytes: Buffer;
}

export interface ReplayPlan {
  status: number;
  statusText: string;
  /** Name, value, name, value … as `writeHead` takes them: duplicates and casing kept. */
  headers: string[];
  /** Wait before the head: the agent's recorded time to first byte. */
  headDelayMs: number;
  /** The whole body, for an answer that was not a stream. */
  body?: Buffer;
  /** The stream's blocks, for one that was. */
  chunks?: ReplayChunk[];
  /**
   * How a stream ends after its last block: `end` when the agent ended it; `hold` open when the recording stopped
   * while it was still open (closed by the user, or the session ended); `drop` the connection when it broke.
   */
  finish?: { delayMs: number; how: 'end' | 'hold' | 'drop' };
}

export interface ReplayOptions {
  timing: MockTiming;
  /** Moves a URL of the recorded agent to the mock (see mockCard.ts). */
  rewriteUrl: (url: string) => string | undefined;
}

/** Headers that belong to one connection or one framing of the body (RFC 9110 §7.6.1), or that we recompute. */
const DROPPED = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'content-length',
]);

/** The plan for an exchange that has a recorded response. */
export function planReplay(
  recorded: RecordedExchange,
  incoming: RequestFacts,
  options: ReplayOptions,
): ReplayPlan {
  const { frame } = recorded;
  const response = frame.response!;
  const headers = replayHeaders(response.headers);
  const base = {
    status: response.status,
    statusText: response.statusText,
    headDelayMs: paced(gap(frame.timing.start, frame.timing.firstByte), options.timing),
  };
  const rpcId = incoming.rpc?.hasId ? incoming.rpc.id : undefined;

  if (frame.stream) {
    const chunks = streamChunks(frame, recorded.events, rpcId, options.timing);
    const lastAt = recorded.events.at(-1)?.timing.start ?? frame.timing.firstByte ?? frame.timing.start;
    const how = frame.stream.ended === 'complete' ? 'end' : frame.stream.ended === 'error' ? 'drop' : 'hold';
    return {
      ...base,
      headers,
      chunks,
      finish: { delayMs: paced(gap(lastAt, frame.timing.end), options.timing), how },
    };
  }

  let text = response.body.text;
  const plain = isIdentityEncoded(response.headers) && response.body.utf8Valid;
  if (plain) text = withoutSecrets(text, frame);
  if (plain && frame.a2a?.operation === 'extendedCard')
    text = rewriteCardUrls(text, options.rewriteUrl, ['', '/result']);
  if (plain && rpcId !== undefined) text = replaceJsonRpcId(text, rpcId);
  const body =
    plain && text !== response.body.text ? encodeLike(response.body, text) : bodyBytes(response.body);
  return { ...base, headers: [...headers, 'Content-Length', String(body.length)], body };
}

/**
 * The body with the secrets the frame marks masked, as the frames view shows them (AUTH-1): a token in the answer,
 * and a push config's token or credentials echoed back from the request. Any local program can ask the mock, and a
 * live session's frames are not redacted the way a saved file is.
 */
function withoutSecrets(text: string, frame: HttpFrame): string {
  const marks = frame.secrets ?? [];
  const echoed = marks.flatMap((mark) => (mark.in === 'request-json' ? [mark.key] : []));
  return maskJsonKeys(maskResponseBody(text, marks), echoed);
}

function streamChunks(
  exchange: HttpFrame,
  events: readonly SseFrame[],
  rpcId: RpcId | undefined,
  timing: MockTiming,
): ReplayChunk[] {
  let previous = exchange.timing.firstByte ?? exchange.timing.start;
  return events.map((event, index) => {
    const delayMs = paced(gap(previous, event.timing.start), timing);
    previous = event.timing.start;
    let bytes: Buffer;
    if (event.rawBase64 !== undefined) bytes = Buffer.from(event.rawBase64, 'base64');
    else bytes = Buffer.from(rpcId !== undefined ? replaceSseBlockId(event.raw, rpcId) : event.raw, 'utf8');
    // A stream that began with a byte order mark has its first block start after it (frame.ts: blocks tile the body).
    if (index === 0 && event.offset.start === 3) bytes = Buffer.concat([UTF8_BOM, bytes]);
    return { delayMs, bytes };
  });
}

/** Response headers to send again: wire order and casing kept, connection and length headers left out. */
export function replayHeaders(headers: HeaderList): string[] {
  const named = new Set(
    headers
      .filter(([name]) => name.toLowerCase() === 'connection')
      .flatMap(([, value]) => value.split(',').map((token) => token.trim().toLowerCase())),
  );
  const out: string[] = [];
  for (const [name, value] of headers) {
    const lower = name.toLowerCase();
    if (DROPPED.has(lower) || named.has(lower)) continue;
    out.push(name, value);
  }
  return out;
}

/** A recorded pause, as the chosen timing replays it. */
export function paced(ms: number, timing: MockTiming): number {
  return timing === 'compressed' ? Math.min(ms, COMPRESSED_GAP_MS) : ms;
}

function gap(from: number | undefined, to: number | undefined): number {
  if (from === undefined || to === undefined || !Number.isFinite(to - from)) return 0;
  return Math.max(0, Math.round(to - from));
}

function isIdentityEncoded(headers: HeaderList): boolean {
  const encoding = headers.find(([name]) => name.toLowerCase() === 'content-encoding')?.[1];
  return encoding === undefined || encoding.trim().toLowerCase() === 'identity' || encoding.trim() === '';
}

const UTF8_BOM = Buffer.from([0xef, 0xbb, 0xbf]);

function bodyBytes(body: BodyBytes): Buffer {
  return Buffer.from(body.base64, 'base64');
}

/** New text as UTF-8, keeping a byte order mark the recorded bytes began with. */
function encodeLike(original: BodyBytes, text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const hadBom = bodyBytes(original).subarray(0, 3).equals(UTF8_BOM);
  return hadBom && !text.startsWith('\uFEFF') ? Buffer.concat([UTF8_BOM, bytes]) : bytes;
}
