// Benchmark of the SSE parser (shared/wire/sse.ts) against eventsource-parser, the library it is tested against
// (docs/architecture.md#the-protocol-model, docs/architecture.md#tests). One ~50 MB stream shaped like A2A streaming
// traffic is built in memory and fed in 64 KiB chunks to: our parser (which also keeps raw text and byte spans),
// eventsource-parser behind a streaming TextDecoder (it parses strings), and a floor that only decodes and counts
// lines. The budget is a throughput ratio, not a time, so that it holds on slower machines.

import { createParser } from 'eventsource-parser';
import { SseParser } from '../shared/wire/sse';
import type { Benchmark, BenchOutcome } from './support/benchmark';
import { budgetLines, machine, markdownTable, median, type BudgetCheck } from './support/report';

const TARGET_BYTES = 50 * 1000 * 1000;
const CHUNK_BYTES = 64 * 1024;
const REPETITIONS = 7;

interface SseBudget {
  minRatioVsEventsourceParser: number;
}

interface Contender {
  name: string;
  /** Parses every chunk; returns the number of events (or lines, for the floor). */
  run: (chunks: readonly Uint8Array[]) => number;
}

/** A small deterministic generator (mulberry32), so every run parses the same stream. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'the',
  'agent',
  'task',
  'artifact',
  'stream',
  'status',
  'working',
  'result',
  'context',
  'message',
  'résumé',
  'naïve',
  'über',
  '—',
  '“quoted”',
  'データ',
  '🙂',
];

/**
 * Builds the stream: JSON-RPC `result` payloads (status updates, artifact chunks of a few hundred bytes to a few KB,
 * whole tasks) on `data:` lines, about a fifth of them pretty-printed over many lines as a2a-python does, `: ping`
 * keep-alives, the odd `event: error`, and per event either LF or CRLF line endings.
 */
export function buildStream(targetBytes: number): { bytes: Uint8Array; events: number } {
  const next = random(0x5eed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const text = (words: number): string => {
    const out: string[] = [];
    for (let i = 0; i < words; i++) out.push(next() < 0.9 ? pick(WORDS.slice(0, 10)) : pick(WORDS));
    return out.join(' ');
  };
  const parts: string[] = [];
  let size = 0;
  let events = 0;
  let seq = 0;
  while (size < targetBytes) {
    const eol = next() < 0.3 ? '\r\n' : '\n';
    let block: string;
    const roll = next();
    if (roll < 0.05) {
      block = `: ping - 2025-06-01 12:00:${String(seq % 60).padStart(2, '0')}.000000${eol}${eol}`;
    } else {
      seq++;
      const taskId = `task-${Math.floor(next() * 1e6)}`;
      let result: unknown;
      if (roll < 0.45) {
        result = {
          kind: 'status-update',
          taskId,
          contextId: 'ctx-1',
          status: {
            state: 'working',
            message: { role: 'agent', parts: [{ kind: 'text', text: text(10 + Math.floor(next() * 40)) }] },
            timestamp: '2025-06-01T12:00:00.000Z',
          },
          final: false,
        };
      } else if (roll < 0.9) {
        result = {
          kind: 'artifact-update',
          taskId,
          contextId: 'ctx-1',
          artifact: {
            artifactId: `artifact-${seq % 7}`,
            parts: [{ kind: 'text', text: text(30 + Math.floor(next() * 500)) }],
          },
          append: true,
          lastChunk: false,
        };
      } else {
        result = {
          kind: 'task',
          id: taskId,
          contextId: 'ctx-1',
          status: { state: 'completed' },
          history: Array.from({ length: 1 + Math.floor(next() * 4) }, (_, i) => ({
            role: i % 2 === 0 ? 'user' : 'agent',
            parts: [{ kind: 'text', text: text(20 + Math.floor(next() * 60)) }],
            messageId: `m-${seq}-${i}`,
          })),
        };
      }
      const envelope = { jsonrpc: '2.0', id: seq, result };
      const pretty = next() < 0.2;
      const json = pretty ? JSON.stringify(envelope, null, 2) : JSON.stringify(envelope);
      const lines = json.split('\n').map((line) => `data: ${line}${eol}`);
      const header = next() < 0.02 ? `event: error${eol}` : next() < 0.1 ? `id: ${seq}${eol}` : '';
      block = `${header}${lines.join('')}${eol}`;
      events++;
    }
    parts.push(block);
    size += block.length; // close enough: the target is approximate
  }
  return { bytes: new TextEncoder().encode(parts.join('')), events };
}

function chunked(bytes: Uint8Array, size: number): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

const contenders: Contender[] = [
  {
    name: 'switchboard SseParser',
    run: (chunks) => {
      let count = 0;
      const parser = new SseParser({
        onEvent: () => {
          count++;
        },
      });
      for (const chunk of chunks) parser.feed(chunk);
      parser.end();
      return count;
    },
  },
  {
    name: 'eventsource-parser 3.1.1',
    run: (chunks) => {
      let count = 0;
      const decoder = new TextDecoder();
      const parser = createParser({
        onEvent: () => {
          count++;
        },
      });
      for (const chunk of chunks) parser.feed(decoder.decode(chunk, { stream: true }));
      const rest = decoder.decode();
      if (rest !== '') parser.feed(rest);
      return count;
    },
  },
  {
    name: 'floor: decode + line scan',
    run: (chunks) => {
      let lines = 0;
      const decoder = new TextDecoder();
      for (const chunk of chunks) {
        const text = decoder.decode(chunk, { stream: true });
        for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
      }
      return lines;
    },
  },
];

function isSseBudget(value: unknown): value is SseBudget {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Record<string, unknown>).minRatioVsEventsourceParser === 'number'
  );
}

function run(budget: unknown): BenchOutcome {
  if (!isSseBudget(budget)) {
    return { ok: false, report: 'bench/budgets.json has no valid "sse.minRatioVsEventsourceParser".' };
  }
  const { bytes, events } = buildStream(TARGET_BYTES);
  const chunks = chunked(bytes, CHUNK_BYTES);
  const megabytes = bytes.length / 1e6;
  const times = contenders.map(() => [] as number[]);
  const counts = contenders.map(() => 0);
  // One warm-up round, then rounds that interleave the contenders so that drift hits them all alike.
  for (let round = 0; round <= REPETITIONS; round++) {
    contenders.forEach((contender, i) => {
      const started = performance.now();
      counts[i] = contender.run(chunks);
      const elapsed = performance.now() - started;
      if (round > 0) times[i]?.push(elapsed);
    });
  }
  const problems: string[] = [];
  if (counts[0] !== events || counts[1] !== events) {
    problems.push(
      `Event counts differ: built ${events}, ours ${counts[0]}, eventsource-parser ${counts[1]}.`,
    );
  }
  const medians = times.map(median);
  const baseline = medians[1] ?? Number.NaN;
  const ours = medians[0] ?? Number.NaN;
  const ratio = baseline / ours;
  const rows = contenders.map((contender, i) => {
    const ms = medians[i] ?? Number.NaN;
    const perSecond = i === 2 ? '—' : Math.round(events / (ms / 1000)).toLocaleString('en-US');
    return [
      contender.name,
      ms.toFixed(1),
      (megabytes / (ms / 1000)).toFixed(1),
      perSecond,
      (baseline / ms).toFixed(2),
    ];
  });
  const table = markdownTable(['parser', 'median ms', 'MB/s', 'events/s', '× eventsource-parser'], rows);
  const lines = [
    `SSE parser: ${megabytes.toFixed(1)} MB, ${events.toLocaleString('en-US')} events, ${chunks.length} chunks of ${CHUNK_BYTES / 1024} KiB; median of ${REPETITIONS} runs (after one warm-up).`,
    `Machine: ${machine()}.`,
    '',
    table,
    '',
  ];
  const check: BudgetCheck = {
    what: 'ours ÷ eventsource-parser (events/s)',
    measured: ratio.toFixed(2),
    limit: `≥ ${budget.minRatioVsEventsourceParser.toFixed(2)}`,
    met: ratio >= budget.minRatioVsEventsourceParser,
  };
  lines.push(...budgetLines([check]), ...problems);
  return { ok: check.met && problems.length === 0, report: lines.join('\n'), checks: [check] };
}

export const sseBenchmark: Benchmark = {
  name: 'sse',
  description: 'SSE parser throughput against eventsource-parser',
  run,
};
