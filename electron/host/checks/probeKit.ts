// What every probe (CHK-4) shares: the slice of the host a probe may use, what it is told about the agent, its
// verdict, and small readers of outcomes. A probe only ever talks to the agent through these host calls, so all of
// its traffic is recorded and shown like any other.

import type { AgentSummary, OperationOutcome } from '../../../shared/host/agent';
import { findAdapter } from '../../../shared/a2a/adapters';
import type { CardInterface } from '../../../shared/a2a/detect';
import type { Task } from '../../../shared/a2a/model';
import { errorTypesOf } from '../../../shared/acts/errorTypes';
import { cite, type SpecRef } from '../../../shared/checks/specRefs';
import type { ProbeStatus } from '../../../shared/checks/types';
import type { HostService } from '../../../shared/host/hostApi';

export type ProbeHost = Pick<
  HostService,
  | 'runOperation'
  | 'sendRaw'
  | 'awaitStream'
  | 'closeStream'
  | 'createPushTarget'
  | 'deletePushTarget'
  | 'onEvent'
  | 'configureAgent'
>;

export interface ProbeContext {
  /** The host as the probe sees it: its streams, push targets and interface changes are undone after it. */
  host: ProbeHost;
  agent: AgentSummary;
  /** What the card promises. */
  card: { streaming: boolean; push: boolean };
  /** How long one wait inside a probe may take (a stream's end, a push delivery). */
  timeoutMs: number;
}

export interface Verdict {
  status: ProbeStatus;
  message: string;
  /** The public section the verdict rests on (a label), when narrower than the catalogue's, and its link. */
  spec?: string;
  specUrl?: string;
}

export const passed = (message: string, ref?: SpecRef): Verdict => ({
  status: 'passed',
  message,
  ...(ref ? cite(ref) : {}),
});
export const failed = (message: string, ref?: SpecRef): Verdict => ({
  status: 'failed',
  message,
  ...(ref ? cite(ref) : {}),
});
export const skipped = (message: string): Verdict => ({ status: 'skipped', message });

/** Terminal task states (docs/protocol.md#task-states-and-roles), as the decoders name them in every generation. */

/** A send's input holding one text part. */
export const textMessage = (words: string) => ({
  message: { parts: [{ kind: 'text' as const, text: words }] },
});

export function cardCapabilities(cardText: string): { streaming: boolean; push: boolean } {
  try {
    const card = JSON.parse(cardText) as {
      capabilities?: { streaming?: unknown; pushNotifications?: unknown };
    };
    return {
      streaming: card.capabilities?.streaming === true,
      push: card.capabilities?.pushNotifications === true,
    };
  } catch {
    return { streaming: false, push: false };
  }
}

/** The interface the agent is spoken to on, when Switchboard has an adapter for it. */
export function spokenInterface(agent: AgentSummary): CardInterface | undefined {
  const chosen = agent.chosen;
  return chosen?.binding && findAdapter(chosen.generation, chosen.binding) ? chosen : undefined;
}

/** One line saying what an outcome was: the error's code and HTTP status, or the host's own summary. */
export function describeOutcome(outcome: OperationOutcome): string {
  if (outcome.error) {
    const code = outcome.error.code !== undefined ? ` ${outcome.error.code}` : '';
    const status = outcome.error.httpStatus !== undefined ? ` (HTTP ${outcome.error.httpStatus})` : '';
    return `error${code}${status}: ${outcome.error.message}`;
  }
  return outcome.message;
}

/**
 * The agent has no such operation at all: JSON-RPC MethodNotFound, an HTTP+JSON route that answers 404, 405 or 501
 * without any A2A error in its body (a TaskNotFound for an unknown task is a route that exists), or gRPC
 * UNIMPLEMENTED without an ErrorInfo reason.
 */
export function isMissingOperation(outcome: OperationOutcome, binding: string | undefined): boolean {
  const error = outcome.error;
  if (binding === 'JSONRPC') return error?.code === -32601;
  // An HTTP+JSON answer that is not 2xx is always read as an error, with its status.
  const status = error?.httpStatus;
  const a2aError =
    (error?.reasons?.length ?? 0) > 0 ||
    (error?.code !== undefined && error.code <= -32001 && error.code >= -32099);
  if (binding === 'GRPC') return grpcStatusOf(outcome) === 'UNIMPLEMENTED' && !a2aError;
  return status !== undefined && [404, 405, 501].includes(status) && !a2aError;
}

/** The gRPC status name of a failed call, as the gRPC binding keeps it in the error's body. */
export function grpcStatusOf(outcome: OperationOutcome): string | undefined {
  const wire = outcome.error?.wire as { error?: { status?: unknown } } | undefined;
  const status = typeof wire === 'object' && wire !== null ? wire.error?.status : undefined;
  return typeof status === 'string' ? status : undefined;
}

/** The A2A error names an error answer can be (several when only an HTTP or gRPC status tells them). */
export function errorNames(outcome: OperationOutcome): readonly string[] {
  return outcome.error ? (errorTypesOf(outcome.error).values as string[]) : [];
}

/** An error answer in words: its A2A name (how it was told), or what came back instead. */
export function describeError(outcome: OperationOutcome): string {
  return outcome.error
    ? `${errorTypesOf(outcome.error).label}: "${outcome.error.message}"`
    : describeOutcome(outcome);
}

export function taskOf(outcome: OperationOutcome): Task | undefined {
  return outcome.result?.type === 'task' ? outcome.result.task : undefined;
}

export function plural(count: number, noun: string, many = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : many}`;
}

export function formatMs(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 100) / 10} s`;
}

/** Rejects with "<what> did not finish within …" when `work` takes longer than `ms`. */
export function withDeadline<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not finish within ${formatMs(ms)}.`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
