// What a finished content-load exchange gives the user: the bytes, or one sentence saying why there are none.

import type { HeaderList, HttpFrame } from '../../../shared/wire/frame';
import { decodeBase64, essence, formatSize } from './media';

export const REMOTE_MAX_BYTES = 16 * 1024 * 1024;

export type RemoteState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'loaded'; bytes: Uint8Array<ArrayBuffer>; type: string; frameId: string }
  | { status: 'failed'; message: string };

function header(headers: HeaderList, name: string): string | undefined {
  return headers.find(([key]) => key.toLowerCase() === name)?.[1];
}

/** What the user sees about a finished exchange: the bytes, or why there are none. */
export function readRemoteFrame(frame: HttpFrame): RemoteState {
  if (frame.error) return { status: 'failed', message: `${frame.error.label}: ${frame.error.message}` };
  const response = frame.response;
  if (!response) return { status: 'failed', message: 'No response arrived.' };
  if (response.status < 200 || response.status > 299) {
    const location = header(response.headers, 'location');
    return {
      status: 'failed',
      message:
        `The server answered ${response.status} ${response.statusText}`.trim() +
        (location ? ` (redirects are not followed: ${location})` : '') +
        '.',
    };
  }
  if (response.body.truncated) {
    return {
      status: 'failed',
      message: `The file is larger than ${formatSize(REMOTE_MAX_BYTES)}; not shown.`,
    };
  }
  const bytes = decodeBase64(response.body.base64);
  if (!bytes) return { status: 'failed', message: 'The response body could not be read.' };
  return {
    status: 'loaded',
    bytes: bytes,
    type: essence(header(response.headers, 'content-type')),
    frameId: frame.id,
  };
}
