// The analysis worker's entry point (streamAnalyser.ts starts it from its bundle, dist/electron/analysisWorker.cjs):
// it reads the streams the host hands it (streamReading.ts), one reader per open stream, and answers every message of
// reads with one reply per read, in order: the blocks that chunk completed, or why the stream could not be read, in
// which case the host reads it on itself from where this thread left it.

import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { findAdapter } from '../../../shared/a2a/adapters';
import { bindings } from '../../../shared/a2a/generation';
import { bodySchemaChecker } from '../bodySchema';
import { eventAnalyser } from './streamAnalysis';
import { StreamReading } from './streamReading';
import type { FromAnalysisWorker, ReadReply, StreamRead, ToAnalysisWorker } from './streamAnalyser';

const port = parentPort;
if (!port) throw new Error('analysisWorker runs as a worker thread.');
// Loading and compiling the schema checks run at the process's priority: a stream's events wait for them, and at the
// lowest priority on a busy machine they took seconds (bench:ingest). Reading runs at the lowest (see lowerPriority).
let lowered = false;

const streams = new Map<number, StreamReading>();

port.on('message', (message: ToAnalysisWorker) => {
  switch (message.type) {
    case 'open': {
      const adapter = findAdapter(message.generation as never, message.binding as never);
      // The host keeps the stream's bytes while they are read here, and reads an ASCII batch's text from them.
      if (adapter) {
        const reader = eventAnalyser(adapter, message.request);
        streams.set(
          message.stream,
          new StreamReading(message.limits, reader, undefined, { textFromBytes: true }),
        );
      }
      break;
    }
    case 'reads': {
      if (!lowered) lowered = lowerPriority();
      const replies = message.reads.map(read);
      const transfer = replies.flatMap((reply) =>
        'batch' in reply ? [reply.batch.blocks.buffer as ArrayBuffer] : [],
      );
      try {
        port.postMessage({ replies } satisfies FromAnalysisWorker, transfer);
      } catch (error) {
        // A value the structured clone cannot carry: the host reads these streams itself.
        const failed = message.reads.map(({ stream, read }) => ({ stream, read, error: String(error) }));
        for (const { stream } of message.reads) streams.delete(stream);
        port.postMessage({ replies: failed } satisfies FromAnalysisWorker);
      }
      break;
    }
    case 'close':
      streams.delete(message.stream);
      break;
    case 'prepare':
      // Compiles the generation's event schema checks now (they are kept), not when its first events wait.
      for (const binding of bindings) bodySchemaChecker(message.generation, binding, 'event');
      port.postMessage({ prepared: message.generation } satisfies FromAnalysisWorker);
      break;
  }
});

/** One read's blocks, or why the stream could not be read (it is then the host's to read on). */
function read(message: StreamRead): ReadReply {
  const { stream, read } = message;
  const reading = streams.get(stream);
  const { chunk } = message;
  // Let go of the chunk at once: held by the message while the rest of it is read, it outlived young-generation
  // collections and waited for a full one, tens of megabytes of a flood's peak RSS (bench:ingest).
  delete message.chunk;
  try {
    if (!reading) throw new Error(`No open stream ${stream}.`);
    return { stream, read, batch: chunk ? reading.chunk(chunk) : reading.end() };
  } catch (error) {
    streams.delete(stream);
    return { stream, read, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Gives this thread the lowest scheduling priority, where the system allows a thread its own (Linux): on a busy
 * machine the host's thread, which takes the stream in and records it, goes first, and the reading follows behind.
 * Elsewhere the worker keeps the process's priority.
 */
function lowerPriority(): true {
  try {
    // `/proc/thread-self` links to `<pid>/task/<tid>`; a thread id is a valid target for setpriority on Linux.
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19);
  } catch {
    // Not Linux, or not allowed: the reading runs at the process's priority.
  }
  return true;
}
