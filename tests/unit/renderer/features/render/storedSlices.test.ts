// The stored-body slice loop (renderer/features/render/storedSlices.ts, UX-5): reads a body a bounded slice at a
// time with progress, stops between slices once cancelled (no slice is asked for after the cancel), drops a slice
// that arrived after it, and says so plainly when a body ends early or a slice is refused.

import { describe, expect, it } from 'vitest';
import { readStoredSlices } from '../../../../../renderer/features/render/storedSlices';

const options = (controller: AbortController, progress: number[]) => ({
  signal: controller.signal,
  onProgress: (read: number) => progress.push(read),
  endedEarly: 'The stored body ended early.',
  sliceMax: 10,
});

describe('reading a stored body by slices', () => {
  it('reads it all, telling the progress after each slice', async () => {
    const asked: Array<[number, number]> = [];
    const progress: number[] = [];
    const run = await readStoredSlices(
      25,
      async (offset, length) => {
        asked.push([offset, length]);
        return length;
      },
      options(new AbortController(), progress),
    );
    expect(run).toEqual({ read: 25, cancelled: false });
    expect(asked).toEqual([
      [0, 10],
      [10, 10],
      [20, 5],
    ]);
    expect(progress).toEqual([10, 20, 25]);
  });

  it('stops once cancelled: no slice is asked for after the cancel, and the one in flight is dropped', async () => {
    const controller = new AbortController();
    const progress: number[] = [];
    let asked = 0;
    const run = await readStoredSlices(
      1_000,
      async (_offset, length) => {
        asked += 1;
        if (asked === 2) controller.abort();
        return length;
      },
      options(controller, progress),
    );
    expect(run).toEqual({ read: 10, cancelled: true });
    expect(asked).toBe(2);
    expect(progress).toEqual([10]);
  });

  it('asks for nothing when cancelled before it begins', async () => {
    const controller = new AbortController();
    controller.abort();
    let asked = 0;
    const run = await readStoredSlices(100, async () => ++asked, options(controller, []));
    expect(run).toEqual({ read: 0, cancelled: true });
    expect(asked).toBe(0);
  });

  it('fails with a clear message on a body that ends early or a slice that is refused', async () => {
    await expect(readStoredSlices(30, async () => 0, options(new AbortController(), []))).rejects.toThrow(
      'The stored body ended early.',
    );
    const refused = readStoredSlices(
      30,
      async () => {
        throw new Error('The stored file part is not valid base64.');
      },
      options(new AbortController(), []),
    );
    await expect(refused).rejects.toThrow('The stored file part is not valid base64.');
  });
});
