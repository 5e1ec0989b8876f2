// The card answer the proxy's caller gets (PRX-1): the upstream's card, public or extended, with its interfaces moved
// to the proxy, so a client that reads it talks to the proxy from then on. Only the URLs change; the rest of the text
// is the upstream's, and the frame keeps the upstream's bytes with `rewritten: 'card'` saying the caller's differ.

import type { HeaderList, HttpFrame } from '../../../shared/wire/frame';
import { once, writeAnswer } from './answerWriter';
import type { Forward } from './forwardContext';
import { servedCardText } from './proxyCard';

export async function writeCardAnswer(forward: Forward, frame: HttpFrame): Promise<void> {
  const response = frame.response!;
  const { text, dropped } = servedCardText(
    response.body.text,
    (url) => forward.site.move(url),
    forward.info.binding === 'card' ? [''] : ['', '/result'],
  );
  const bytes = Buffer.from(text, 'utf8');
  if (text !== response.body.text) forward.info.rewritten = 'card';
  if (dropped.length > 0)
    forward.info.notes = [
      ...(forward.info.notes ?? []),
      `Left out of the served card (the proxy does not carry them): ${dropped.join(', ')}`,
    ];
  const headers: HeaderList = response.headers.filter(([name]) => name.toLowerCase() !== 'content-length');
  headers.push(['Content-Length', String(bytes.byteLength)]);
  await writeAnswer(
    forward.call.res,
    { status: response.status, statusText: response.statusText, headers, body: once(bytes) },
    { headFirst: true },
  );
}
