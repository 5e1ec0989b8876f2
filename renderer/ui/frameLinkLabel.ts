// What a finding's link to a frame says: which kind of frame it opens, in the words the Frames tab uses.

import type { Frame } from '../../shared/wire/frame';

export function frameLinkLabel(frame: Frame | undefined): string {
  if (!frame) return 'frame (not in this window)';
  switch (frame.kind) {
    case 'http': {
      const status = frame.response
        ? ` ${frame.response.status}`
        : frame.error
          ? ` ${frame.error.label}`
          : '';
      // OAuth steps (token, code exchange, refresh, the sign-in redirect) say which step they were.
      const what = frame.source.startsWith('oauth:')
        ? `${frame.source} ${frame.request.method}`
        : (frame.a2a?.rpc?.method ?? frame.request.method);
      return `${what}${status}`;
    }
    case 'sse':
      return `event ${frame.seq}${frame.a2a?.item ? ` (${frame.a2a.item})` : ''}`;
    case 'webhook':
      return `push${frame.a2a?.item ? ` (${frame.a2a.item})` : ''}`;
  }
}
