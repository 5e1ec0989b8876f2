// The stream reader's batches when its host reads an ASCII batch's text from the bytes it keeps
// (ReadingOptions.textFromBytes): the text is left out exactly where it is those bytes read as Latin-1.

import { describe, expect, it } from 'vitest';
import { v1JsonRpc } from '../../../../../shared/a2a/v1/jsonrpc';
import { eventAnalyser } from '../../../../../electron/host/agent/streamAnalysis';
import { StreamReading, type ReadBatch } from '../../../../../electron/host/agent/streamReading';
import { STREAM_REQUEST } from '../../../support/recordStream';

const event = (text: string) =>
  `data: {"jsonrpc":"2.0","id":1,"result":{"artifactUpdate":{"taskId":"t","artifact":{"artifactId":"a","parts":[{"text":"${text}"}]}}}}\n\n`;

function read(chunks: string[], maxEventBytes = 4096): ReadBatch[] {
  const reading = new StreamReading(
    { maxEventBytes, maxStreamBytes: 1 << 20 },
    eventAnalyser(v1JsonRpc, STREAM_REQUEST),
    undefined,
    { textFromBytes: true },
  );
  return [...chunks.map((chunk) => reading.chunk(Buffer.from(chunk))), reading.end()];
}

describe('StreamReading, text from bytes', () => {
  it('leaves out the text of ASCII batches, and only of those', () => {
    const [ascii, accented, afterAccent, later, rest, end] = read([
      event('plain') + event('cut'),
      event('déjà'),
      event('ascii again, but the chunk before was not'),
      event('one more') + event('and ').slice(0, 20),
      event('and ').slice(20),
    ]);
    expect(ascii!.text).toBeUndefined();
    expect(accented!.text).toBe(event('déjà'));
    // Every byte since a chunk that was not ASCII is: the next batch reads from bytes again.
    expect(afterAccent!.text).toBeUndefined();
    expect(later!.text).toBeUndefined();
    // A block begun in an earlier chunk, all of it ASCII.
    expect(rest!.text).toBeUndefined();
    expect(rest!.blocks.length).toBeGreaterThan(0);
    // What the end completes keeps its text.
    expect(end!.text).toBe('');
  });

  it('keeps the text when blocks do not tile their bytes (an oversized block dropped between them)', () => {
    const [batch] = read([event('small') + `data: ${'x'.repeat(200)}\n\n` + event('after')], 150);
    expect(batch!.findings.map((f) => f.rule)).toContain('sse.event-too-large');
    expect(batch!.text).toBe(event('small') + event('after'));
  });
});
