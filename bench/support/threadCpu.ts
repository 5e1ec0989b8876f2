// CPU time per thread of this process, from Linux's /proc/self/task (utime + stime, in clock ticks of 10 ms), for
// benchmarks that say where the time went: the host's own thread is the process's main thread (its id is the pid),
// and a worker thread is told apart as the thread that appeared when it was started. Elsewhere (no /proc) the
// readings are empty and the benchmark says the split was not measured.

import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of utime and stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** Milliseconds of CPU used so far, by thread id. */
export function threadCpuMs(): Map<number, number> {
  const result = new Map<number, number>();
  let tasks: string[];
  try {
    tasks = readdirSync('/proc/self/task');
  } catch {
    return result;
  }
  for (const task of tasks) {
    try {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'latin1');
      // The name in parentheses may hold spaces; the fields after it are space-separated.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[11]) + Number(fields[12]);
      if (Number.isFinite(ticks)) result.set(Number(task), (ticks * 1000) / TICKS_PER_SECOND);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return result;
}

/** CPU milliseconds each thread used between two readings (threads new since `before` count from zero). */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): Map<number, number> {
  const used = new Map<number, number>();
  for (const [tid, ms] of after) used.set(tid, ms - (before.get(tid) ?? 0));
  return used;
}
