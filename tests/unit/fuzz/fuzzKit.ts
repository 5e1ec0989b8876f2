// The fuzz harness's rules (SEC-3, docs/architecture.md#tests): every target runs FUZZ_RUNS generated inputs (1,000 in
// npm test, 100,000 in `npm run fuzz`); an input that throws where the target promised a finding, or that takes longer
// than one second, fails with the seed and path that replay it (FUZZ_SEED=… FUZZ_PATH=… npx vitest run
// tests/unit/fuzz). A synchronous endless loop cannot be timed from the same thread, so a watchdog thread kills the
// test process when the count of finished inputs stops moving, after saying which input hung.

import fc from 'fast-check';
import { Worker } from 'node:worker_threads';
import { it } from 'vitest';

export const FUZZ_RUNS = positive(process.env.FUZZ_RUNS) ?? 1000;
/** The longest one input may take. */
export const PER_INPUT_MS = 1000;
/** How long the watchdog waits for the next input before it calls it a hang (generous: a loaded CI machine). */
const HANG_MS = 20_000;

function positive(text: string | undefined): number | undefined {
  const value = Number(text);
  return text !== undefined && Number.isInteger(value) && value > 0 ? value : undefined;
}

function replayParameters(): fc.Parameters<unknown> {
  const seed = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
  const path = process.env.FUZZ_PATH;
  return {
    numRuns: FUZZ_RUNS,
    ...(seed !== undefined && Number.isFinite(seed) ? { seed } : {}),
    ...(path ? { path, endOnFailure: true } : {}),
  };
}

/** The watchdog: a thread that reads the count of finished inputs from shared memory. */
class Watchdog {
  private readonly cells = new Int32Array(new SharedArrayBuffer(8));
  private worker: Worker | undefined;

  start(target: string, seed: number): void {
    const code = `
      const { workerData } = require('node:worker_threads');
      const { writeSync } = require('node:fs');
      const cells = workerData.cells;
      let seen = -1, since = Date.now();
      setInterval(() => {
        const done = Atomics.load(cells, 0);
        if (Atomics.load(cells, 1) === 0 || done !== seen) { seen = done; since = Date.now(); return; }
        if (Date.now() - since < workerData.hangMs) return;
        writeSync(2, '\\nFuzz target ' + workerData.target + ' hung on input ' + done + ': replay with FUZZ_SEED=' +
          workerData.seed + ' FUZZ_PATH=' + done + ' npx vitest run tests/unit/fuzz\\n');
        process.kill(process.pid, 'SIGKILL');
      }, 500).unref();
    `;
    Atomics.store(this.cells, 0, 0);
    Atomics.store(this.cells, 1, 1);
    this.worker = new Worker(code, {
      eval: true,
      workerData: { cells: this.cells, hangMs: HANG_MS, target, seed },
    });
    this.worker.unref();
  }

  tick(): void {
    Atomics.add(this.cells, 0, 1);
  }

  async stop(): Promise<void> {
    Atomics.store(this.cells, 1, 0);
    await this.worker?.terminate();
  }
}

/**
 * One fuzz target as a test: `check` gets each input and throws when the target broke its promise; the time bound
 * and the watchdog apply to every input.
 */
export function fuzz<T>(name: string, arbitrary: fc.Arbitrary<T>, check: (input: T) => void): void {
  fuzzTest(name, (parameters, watchdog) =>
    fc.assert(
      fc.property(arbitrary, (input) => {
        const started = performance.now();
        try {
          check(input);
        } finally {
          watchdog.tick();
        }
        withinBound(started);
      }),
      parameters,
    ),
  );
}

/** The same for targets that read files: each input is awaited. */
export function fuzzAsync<T>(
  name: string,
  arbitrary: fc.Arbitrary<T>,
  check: (input: T) => Promise<void>,
): void {
  fuzzTest(name, (parameters, watchdog) =>
    fc.assert(
      fc.asyncProperty(arbitrary, async (input) => {
        const started = performance.now();
        try {
          await check(input);
        } finally {
          watchdog.tick();
        }
        withinBound(started);
      }),
      parameters,
    ),
  );
}

function withinBound(started: number): void {
  const took = performance.now() - started;
  if (took > PER_INPUT_MS) throw new Error(`took ${Math.round(took)} ms (the bound is ${PER_INPUT_MS} ms)`);
}

function fuzzTest(
  name: string,
  run: (parameters: fc.Parameters<unknown>, watchdog: Watchdog) => unknown,
): void {
  it(
    name,
    async () => {
      const parameters = replayParameters();
      // A fixed seed per run, known before the first input, so the watchdog can name it.
      const seed = parameters.seed ?? (Date.now() ^ (Math.random() * 0x100000000)) | 0;
      const watchdog = new Watchdog();
      watchdog.start(name, seed);
      try {
        await run({ ...parameters, seed }, watchdog);
      } finally {
        await watchdog.stop();
      }
    },
    timeoutFor(FUZZ_RUNS),
  );
}

/** Room for every input at its bound would be hours; a typical input takes well under a millisecond. */
function timeoutFor(runs: number): number {
  return Math.max(120_000, runs * 20);
}

/**
 * Fails unless `error` is one the target names as its way of refusing input (a SessionFileError, say), with a
 * message a person can read. A TypeError or RangeError from deep inside is a bug, not a refusal.
 */
export function expectRefusal(
  error: unknown,
  allowed: ReadonlyArray<abstract new (...args: never[]) => Error>,
): void {
  const known = allowed.some((kind) => error instanceof kind && error.constructor === kind);
  if (!known) throw error;
  if (!(error as Error).message.trim()) throw new Error('a refusal with no message');
}
