// Reading an answer to disk (SEC-4): below the threshold a body stays in memory as before; past it the bytes go to
// a file named by their sha256 and the frame keeps a decodable text; the cap still applies; a body that is not JSON
// keeps its first bytes as text; and a disk that refuses the bytes stops the read with the reason.

import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SpillingCollector, STORED_HEAD_BYTES } from '../../../../../electron/host/spill/spillCollector';
import { parseStoredString } from '../../../../../shared/wire/storedString';
import { testTempDir } from '../../../support/tempDir';

const folder = () => testTempDir('switchboard-spill-');

function feed(collector: SpillingCollector, body: Buffer, chunk = 1000): boolean {
  let ok = true;
  for (let i = 0; i < body.length; i += chunk) ok = collector.push(body.subarray(i, i + chunk)) && ok;
  return ok;
}

const jsonBody = (bytes: number) =>
  Buffer.from(JSON.stringify({ result: { parts: [{ raw: 'QUJD'.repeat(bytes / 4), name: 'f' }] } }));

describe('SpillingCollector', () => {
  it('keeps a body under the threshold in memory, exactly as before', () => {
    const dir = folder();
    const collector = new SpillingCollector(1 << 20, { dir, aboveBytes: 10_000 });
    const body = jsonBody(4000);
    expect(feed(collector, body)).toBe(true);
    expect(collector.toBody()).toEqual({
      base64: body.toString('base64'),
      text: body.toString(),
      size: body.length,
      utf8Valid: true,
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('stores a larger body under its sha256 and keeps the JSON with the long string cut out', () => {
    const dir = folder();
    const collector = new SpillingCollector(1 << 20, { dir, aboveBytes: 10_000, stringBytes: 1000 });
    const body = jsonBody(40_000);
    feed(collector, body, 777);
    const result = collector.toBody();
    const sha256 = createHash('sha256').update(body).digest('hex');
    expect(result).toMatchObject({ base64: '', size: body.length, utf8Valid: true });
    expect(result.stored).toEqual({ sha256, text: 'reduced', strings: 1 });
    expect(readdirSync(dir)).toEqual([sha256]);
    expect(readFileSync(path.join(dir, sha256)).equals(body)).toBe(true);
    const raw = (JSON.parse(result.text) as { result: { parts: Array<{ raw: string }> } }).result.parts[0]!
      .raw;
    const stored = parseStoredString(raw)!;
    expect(body.subarray(stored.offset, stored.offset + stored.length).toString()).toBe(
      'QUJD'.repeat(10_000),
    );
  });

  it('keeps the first bytes as text when the body is not JSON, and says when it is not UTF-8', () => {
    const dir = folder();
    const collector = new SpillingCollector(1 << 22, { dir, aboveBytes: 1000 });
    const body = Buffer.concat([Buffer.from('<html>'), Buffer.alloc(200_000, 0xff)]);
    feed(collector, body);
    const result = collector.toBody();
    expect(result.stored?.text).toBe('head');
    expect(result.utf8Valid).toBe(false);
    expect(result.text.startsWith('<html>')).toBe(true);
    expect(result.text.length).toBe(STORED_HEAD_BYTES);
  });

  it('still stops at the cap, keeping the first bytes on disk', () => {
    const dir = folder();
    const collector = new SpillingCollector(50_000, { dir, aboveBytes: 10_000 });
    const body = jsonBody(80_000);
    expect(feed(collector, body)).toBe(false);
    const result = collector.toBody();
    expect(result.size).toBe(50_000);
    expect(result.truncated).toEqual({ limit: 50_000, seen: body.length });
    expect(readFileSync(path.join(dir, result.stored!.sha256)).equals(body.subarray(0, 50_000))).toBe(true);
  });

  it('stops when the disk refuses the bytes, and says why', () => {
    const parent = folder();
    const blocked = path.join(parent, 'not-a-folder');
    writeFileSync(blocked, 'a file where the store folder should be');
    const collector = new SpillingCollector(1 << 20, { dir: blocked, aboveBytes: 1000 });
    expect(feed(collector, jsonBody(8000))).toBe(false);
    expect(() => collector.toBody()).toThrow(/EEXIST|ENOTDIR/);
  });
});
