// Decodes a stored file part's base64 as it is read from the host in slices (SEC-4, shared/wire/storedString.ts):
// each slice is decoded as it arrives, in whole groups of four characters, so no second copy of 100 MB of text is
// ever built. Content with JSON escapes (`\/`, `\n` …) cannot be cut safely, so it is gathered and unescaped whole.

import { decodeBase64 } from './media';

export class StoredBase64Decoder {
  private parts: Uint8Array<ArrayBuffer>[] = [];
  private carry = '';
  private escaped: string[] | undefined;
  /** Set when the text is not base64. */
  failed = false;

  push(text: string): void {
    if (this.failed) return;
    if (this.escaped) {
      this.escaped.push(text);
      return;
    }
    const all = this.carry + text;
    if (all.includes('\\')) {
      this.escaped = [all];
      this.carry = '';
      return;
    }
    const whole = all.length - (all.length % 4);
    this.decode(all.slice(0, whole));
    this.carry = all.slice(whole);
  }

  /** The bytes, or null when the text was not base64. */
  end(): Uint8Array<ArrayBuffer> | null {
    if (this.escaped) {
      let text: string;
      try {
        text = JSON.parse(`"${this.escaped.join('')}"`) as string;
      } catch {
        return null;
      }
      this.escaped = undefined;
      this.parts = [];
      this.decode(text);
    } else if (this.carry) this.decode(this.carry);
    if (this.failed) return null;
    const size = this.parts.reduce((sum, part) => sum + part.length, 0);
    const bytes = new Uint8Array(size);
    let at = 0;
    for (const part of this.parts) {
      bytes.set(part, at);
      at += part.length;
    }
    return bytes;
  }

  private decode(text: string): void {
    if (!text || this.failed) return;
    const bytes = decodeBase64(text);
    if (bytes) this.parts.push(bytes);
    else this.failed = true;
  }
}

/** Roughly how many bytes `length` characters of base64 stand for, to show before anything is loaded. */
export function base64Size(length: number): number {
  return Math.floor((length * 3) / 4);
}
