// CPU time by thread of this process, from /proc/self/task (Linux), for bench:ingest's "where the time goes": the
// host's main thread, its analysis worker (told apart by the lowest priority it gives itself, analysisWorker.ts),
// and every other thread: V8's helpers (concurrent GC, compiler) and libuv's pool (the journal's file I/O). The
// pool starts while the modules load, before the host does, so the two cannot be told apart by when they began;
// `later` holds threads started after the host, other than the worker (none are expected). Undefined without /proc.

import { readdirSync, readFileSync } from 'node:fs';

export interface ThreadCpu {
  /** Milliseconds of CPU (user + system) by thread, since `threadCpuBaseline` was taken. */
  main: number;
  analysis: number;
  other: number;
  later: number;
}

interface Sample {
  cpuMs: number;
  nice: number;
}

/** Thread ids and their CPU so far; taken before the host starts, so its threads are the new ones. */
export function threadCpuBaseline(): Map<string, Sample> {
  return sampleThreads();
}

export function threadCpuSince(baseline: Map<string, Sample>): ThreadCpu | undefined {
  const now = sampleThreads();
  if (now.size === 0) return undefined;
  const out: ThreadCpu = { main: 0, analysis: 0, other: 0, later: 0 };
  for (const [tid, sample] of now) {
    const spent = sample.cpuMs - (baseline.get(tid)?.cpuMs ?? 0);
    if (tid === String(process.pid)) out.main += spent;
    else if (sample.nice > 0) out.analysis += spent;
    else if (baseline.has(tid)) out.other += spent;
    else out.later += spent;
  }
  return out;
}

function sampleThreads(): Map<string, Sample> {
  const samples = new Map<string, Sample>();
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return samples;
  }
  const tick = 1000 / CLOCK_TICKS;
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // Fields after the command name, which is in parentheses and may hold spaces: utime is the 14th field of the
      // line, stime the 15th, nice the 19th (proc(5)).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      samples.set(tid, {
        cpuMs: (Number(fields[11]) + Number(fields[12])) * tick,
        nice: Number(fields[16]),
      });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return samples;
}

/** USER_HZ: 100 on every Linux that Node supports. */
const CLOCK_TICKS = 100;
