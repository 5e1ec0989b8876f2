// CPU time by thread of this process, from /proc/self/task (Linux; utime + stime in clock ticks), for benchmarks that
// say where the time goes. The host's main thread is the thread whose id is the pid. bench:ingest tells the analysis
// worker apart by the lowest priority it gives itself (analysisWorker.ts) and lumps every other thread together:
// V8's helpers (concurrent GC, compiler) and libuv's pool (the journal's file I/O), which starts while the modules
// load, so the two cannot be told apart by when they began; `later` holds threads started after the host, other than
// the worker (none are expected). bench:ui-many tells the worker apart as the thread that appeared when it started.
// Without /proc the readings are empty and the benchmark says the split was not measured.

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

/** The analysis worker's thread id: the one thread at a lower priority (it lowers itself on its first batch). */
export function analysisWorkerTid(): number | undefined {
  for (const [tid, sample] of sampleThreads()) if (sample.nice > 0) return Number(tid);
  return undefined;
}

/** Milliseconds of CPU used so far, by thread id. */
export function threadCpuMs(): Map<number, number> {
  const result = new Map<number, number>();
  for (const [tid, sample] of sampleThreads()) result.set(Number(tid), sample.cpuMs);
  return result;
}

/** CPU milliseconds each thread used between two readings (threads new since `before` count from zero). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): Map<number, number> {
  const used = new Map<number, number>();
  for (const [tid, ms] of after) used.set(tid, ms - (before.get(tid) ?? 0));
  return used;
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
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'latin1');
      // Fields after the command name, which is in parentheses and may hold spaces: utime is the 14th field of the
      // line, stime the 15th, nice the 19th (proc(5)).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cpuMs = (Number(fields[11]) + Number(fields[12])) * tick;
      if (Number.isFinite(cpuMs)) samples.set(tid, { cpuMs, nice: Number(fields[16]) });
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return samples;
}

/** USER_HZ: 100 on every Linux that Node supports. */
const CLOCK_TICKS = 100;
