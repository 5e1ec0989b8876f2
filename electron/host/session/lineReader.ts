// Reads a UTF-8 file line by line (a journal can be larger than one string may be), for readJournal (journal.ts).
// Only new text is searched for line ends, so one enormous line costs linear time, and a line past the cap is
// skipped instead of held. Whatever follows the last line end is not a line: it is reported as a torn tail.

import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';

export interface LineSink {
  line(text: string): void;
  /** A complete line longer than the cap: its text was dropped as it came. */
  overlong(): void;
}

/** Hands each complete line of `file` to `sink`; returns the size of what follows the last line end, when any. */
export async function readLines(
  file: string,
  maxChars: number,
  sink: LineSink,
): Promise<{ bytes: number } | undefined> {
  const decoder = new StringDecoder('utf8');
  const lines = new LineSplitter(maxChars, sink);
  for await (const chunk of createReadStream(file, { highWaterMark: 1024 * 1024 })) {
    lines.write(decoder.write(chunk as Buffer));
  }
  lines.keep(decoder.end());
  return lines.tornTail();
}

/** Cuts text into lines as it arrives, holding the unfinished line in pieces. */
class LineSplitter {
  private carry: string[] = [];
  private carryChars = 0;
  private overlong = false;

  constructor(
    private readonly maxChars: number,
    private readonly sink: LineSink,
  ) {}

  write(text: string): void {
    let start = 0;
    for (let end = text.indexOf('\n'); end !== -1; end = text.indexOf('\n', start)) {
      this.keep(text.slice(start, end));
      this.endLine();
      start = end + 1;
    }
    this.keep(text.slice(start));
  }

  /** Adds text with no line end in it to the unfinished line. */
  keep(piece: string): void {
    if (this.overlong) return;
    this.carry.push(piece);
    this.carryChars += piece.length;
    if (this.carryChars > this.maxChars) {
      this.overlong = true;
      this.carry = [];
    }
  }

  /** The unfinished line once the text has ended: a last line cut short, never guessed at. */
  tornTail(): { bytes: number } | undefined {
    // An overlong tail's text is gone; the characters counted until it went over stand for its size.
    if (this.overlong) return { bytes: this.carryChars };
    const tail = this.carry.join('');
    return tail !== '' ? { bytes: Buffer.byteLength(tail, 'utf8') } : undefined;
  }

  private endLine(): void {
    if (this.overlong) this.sink.overlong();
    else this.sink.line(this.carry.join(''));
    this.carry = [];
    this.carryChars = 0;
    this.overlong = false;
  }
}
