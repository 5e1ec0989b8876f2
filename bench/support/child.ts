// Child processes for benchmarks that measure a process of their own (its peak RSS, its event loop): a TypeScript
// entry is bundled the way scripts/runTs.mjs does, started with Node, and talks back in JSON lines on stdout.

import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { bundleEntry } from '../../tests/integration/support/bundleEntry';

export interface JsonChild {
  process: ChildProcess;
  /** The next JSON line the child prints (rejects when it exits first, with its stderr). */
  next<T>(): Promise<T>;
  /** Closes its stdin (long-running children stop on that) and waits for it to exit. */
  stop(): Promise<void>;
  /** Resolves with the exit code once the child has exited and its output is read. */
  done: Promise<number | null>;
}

export async function startJsonChild(
  entry: string,
  args: string[],
  nodeArgs: string[] = [],
): Promise<JsonChild> {
  const script = await bundleEntry(entry);
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', script, ...args], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const lines: string[] = [];
  const waiting: Array<{ resolve: (line: string) => void; reject: (error: Error) => void }> = [];
  let exited: Error | undefined;
  createInterface({ input: child.stdout! }).on('line', (line) => {
    const waiter = waiting.shift();
    if (waiter) waiter.resolve(line);
    else lines.push(line);
  });
  // 'close' rather than 'exit': it comes after the last of stdout, so no line is missed.
  const done = new Promise<number | null>((resolve) =>
    child.on('close', (code, signal) => {
      exited = new Error(`${entry} exited (${signal ?? code}) ${stderr.trim()}`);
      for (const waiter of waiting.splice(0)) waiter.reject(exited);
      resolve(code);
    }),
  );
  return {
    process: child,
    async next<T>() {
      const line =
        lines.shift() ??
        (await new Promise<string>((resolve, reject) => {
          if (exited) reject(exited);
          else waiting.push({ resolve, reject });
        }));
      return JSON.parse(line) as T;
    },
    async stop() {
      child.stdin!.end();
      await done;
    },
    done,
  };
}

/** Runs a child to its end and returns the last JSON line it printed; rejects with its stderr when it fails. */
export async function runJsonChild<T>(entry: string, args: string[], nodeArgs: string[] = []): Promise<T> {
  const child = await startJsonChild(entry, args, nodeArgs);
  const code = await child.done;
  let last: T | undefined;
  for (;;) {
    try {
      last = await child.next<T>();
    } catch {
      break;
    }
  }
  if (code !== 0 || last === undefined) throw new Error(`${entry} failed (exit ${code}).`);
  return last;
}
