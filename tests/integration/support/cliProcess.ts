// Runs the bundled command line in a child process, as a CI script would: its exit code, stdout and stderr, and
// each stdout line as it arrives (so a test can act while a stream is still open).

import { spawn, type ChildProcess } from 'node:child_process';

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  cli: string,
  args: readonly string[],
  options: { env?: NodeJS.ProcessEnv; onLine?: (line: string, child: ChildProcess) => void } = {},
): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
    });
    let stdout = '';
    let stderr = '';
    let partial = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      stdout += text;
      if (!options.onLine) return;
      // A chunk may end inside a line: only whole lines are handed on.
      const pieces = (partial + text).split('\n');
      partial = pieces.pop() ?? '';
      for (const line of pieces) if (line) options.onLine(line, child);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Stdout of a `--json` run, one parsed document per line. */
export function jsonLines(stdout: string): Array<Record<string, unknown>> {
  return stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}
