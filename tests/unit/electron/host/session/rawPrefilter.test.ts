// The byte prefilter of a big session's search (rawPrefilter.ts): a stream event is passed over only when its bytes
// cannot hold a hit, and a frame that names its kind twice, which JSON.parse reads as the last one, is never taken
// for a stream event, so a hostile file cannot hide a hit behind a forged head.

import { describe, expect, it } from 'vitest';
import { candidateFrames, prefilterPattern } from '../../../../../electron/host/session/rawPrefilter';

function windowOf(frames: string[]): { bytes: Buffer; starts: number[] } {
  const starts: number[] = [];
  let text = '';
  for (const frame of frames) {
    starts.push(text.length);
    text += `${frame},\n`;
  }
  return { bytes: Buffer.from(text, 'latin1'), starts };
}

const sse = (raw: string) =>
  `{"kind":"sse","id":"e","raw":${JSON.stringify(raw)},"json":{"kind":"status-update"}}`;

describe('the byte prefilter of a session search', () => {
  const pattern = prefilterPattern({ text: 'needle' })!;

  it('passes over stream events without the text and keeps the rest', () => {
    const { bytes, starts } = windowOf([
      sse('data: {"a":1}\n\n'),
      sse('data: {"a":"needle"}\n\n'),
      '{"kind":"http","id":"x"}',
      sse('data: {"a":"\\u006eeedle"}\n\n'),
    ]);
    expect(candidateFrames(bytes, starts, pattern)).toEqual([1, 2, 3]);
  });

  it('searches a frame that names its kind twice', () => {
    const { bytes, starts } = windowOf([
      sse('data: {}\n\n'),
      '{"kind":"sse","id":"e","raw":"data: {}\\n\\n","kind":"http","response":{"body":{"base64":"bmVlZGxl"}}}',
      '{"kind":"sse","id":"f","raw":"data: {}\\n\\n","kind":"webhook"}',
    ]);
    expect(candidateFrames(bytes, starts, pattern)).toEqual([1, 2]);
  });

  it('takes no byte path for filters or text JSON would escape', () => {
    expect(prefilterPattern({ text: 'a"b' })).toBeUndefined();
    expect(prefilterPattern({ text: 'déjà' })).toBeUndefined();
    expect(prefilterPattern({ text: '' })).toBeUndefined();
  });
});
