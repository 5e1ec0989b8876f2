// probe.required-methods: every operation the agent's generation requires is there. A2A 1.0 requires all eleven (A2A
// 1.0 §3.1), and an optional capability the card does not declare must be refused with its own error (A2A 1.0 §3.3.4):
// streaming with UnsupportedOperationError, push configs with PushNotificationNotSupportedError, the extended card with
// UnsupportedOperationError. Earlier generations require send, get and cancel, and the streaming, push and
// extended-card methods when the card declares them. A required method that answers MethodNotFound (an HTTP+JSON route
// that does not exist, gRPC UNIMPLEMENTED) fails the probe; it is never a reason to skip. Each call is harmless: it
// names a task that cannot exist, or asks for what the card says is not there.

import { randomUUID } from 'node:crypto';
import type { Operation, OperationInputs } from '../../../shared/a2a/adapter';
import { findAdapter } from '../../../shared/a2a/adapters';
import type { OperationRequest } from '../../../shared/host/agent';
import { a2aRef } from '../../../shared/checks/specRefs';
import {
  describeError,
  errorNames,
  failed,
  isMissingOperation,
  passed,
  skipped,
  spokenInterface,
  textMessage,
} from './probeKit';
import type { ProbeContext, Verdict } from './probeKit';
import { profileOf } from '../../../shared/a2a/profile';

type Need = 'exists' | 'UnsupportedOperationError' | 'PushNotificationNotSupportedError';

interface Call {
  operation: Operation;
  input: OperationInputs[Operation];
  need: Need;
}

export async function requiredMethodsProbe(ctx: ProbeContext): Promise<Verdict> {
  const spoken = spokenInterface(ctx.agent);
  if (!spoken?.binding) return skipped('The agent has no interface Switchboard speaks.');
  const adapter = findAdapter(spoken.generation, spoken.binding)!;
  const profile = profileOf(spoken.generation);
  const unknown = `switchboard-probe-${randomUUID()}`;
  const extended = declaresExtendedCard(ctx.agent.cardText);
  const calls: Call[] = [];
  const add = (operation: Operation, input: OperationInputs[Operation], declared: boolean, refusal: Need) => {
    if (!adapter.supports.has(operation)) return;
    if (declared) calls.push({ operation, input, need: 'exists' });
    else if (profile.refusesUndeclaredCapabilities) calls.push({ operation, input, need: refusal });
  };
  add('get', { taskId: unknown }, true, 'exists');
  add('cancel', { taskId: unknown }, true, 'exists');
  add('list', { pageSize: 1 }, true, 'exists');
  // A declared stream is probe.streaming's to test; an undeclared one must be refused.
  if (!ctx.card.streaming)
    add(
      'stream',
      { ...textMessage('Switchboard probe: streaming the card does not declare'), blocking: false },
      false,
      'UnsupportedOperationError',
    );
  add('subscribe', { taskId: unknown }, ctx.card.streaming, 'UnsupportedOperationError');
  const push = 'PushNotificationNotSupportedError';
  add(
    'pushConfigSet',
    { taskId: unknown, config: { url: 'https://example.invalid/switchboard-probe' } },
    ctx.card.push,
    push,
  );
  add('pushConfigGet', { taskId: unknown, configId: unknown }, ctx.card.push, push);
  // 0.2 gained list and delete in 0.2.5: an agent that names an earlier 0.2 is not asked for them.
  const since = profile.pushListAndDeleteSince;
  const listAndDelete = ctx.card.push && (since === undefined || namesAtLeast(ctx.agent.cardText, since));
  add('pushConfigList', { taskId: unknown }, listAndDelete, push);
  add('pushConfigDelete', { taskId: unknown, configId: unknown }, listAndDelete, push);
  add('extendedCard', {}, extended, 'UnsupportedOperationError');

  const missing: string[] = [];
  const unrefused: string[] = [];
  const named: string[] = [];
  for (const call of calls) {
    const label = methodName(adapter, call);
    named.push(label);
    const outcome = await ctx.host.runOperation({
      agentId: ctx.agent.id,
      operation: call.operation,
      input: call.input,
    } as OperationRequest);
    if (outcome.status === 'refused')
      return skipped(`Switchboard could not send ${label}: ${outcome.message}`);
    if (outcome.status === 'stream' && outcome.exchangeId)
      await ctx.host.closeStream({ exchangeId: outcome.exchangeId });
    if (call.need === 'exists') {
      if (isMissingOperation(outcome, spoken.binding)) missing.push(`${label} (${describeError(outcome)})`);
    } else if (!errorNames(outcome).includes(call.need)) {
      unrefused.push(
        `${label} should be refused with ${call.need}, as the card does not declare it; it answered ${outcome.error ? describeError(outcome) : outcome.status === 'stream' ? 'with a stream' : outcome.message}`,
      );
    }
  }
  const generation = spoken.generation;
  if (missing.length > 0) {
    return failed(
      `A2A ${generation} requires ${plural(missing.length)} the agent does not have: ${missing.join('; ')}.${unrefused.length ? ` Also: ${unrefused.join('; ')}.` : ''}`,
      a2aRef('coreOperations', generation),
    );
  }
  if (unrefused.length > 0)
    return failed(`${unrefused.join('; ')}.`, a2aRef('capabilityValidation', generation));
  return passed(
    `Every operation asked for answers as A2A ${generation} requires: ${named.join(', ')}.`,
    a2aRef(profile.refusesUndeclaredCapabilities ? 'capabilityValidation' : 'coreOperations', generation),
  );
}

function plural(n: number): string {
  return n === 1 ? 'a method' : `${n} methods`;
}

/** The method as the wire names it: the JSON-RPC method, or the HTTP+JSON route, or the gRPC call. */
function methodName(adapter: NonNullable<ReturnType<typeof findAdapter>>, call: Call): string {
  const encoded = adapter.encode(call.operation, call.input as never, {
    endpoint: 'http://probe.invalid/',
    requestId: 1,
    newId: () => 'probe',
  });
  if (!encoded.ok) return call.operation;
  if (encoded.request.rpc) return encoded.request.rpc.method;
  const path = new URL(encoded.request.url).pathname;
  return adapter.binding === 'GRPC'
    ? path.split('/').pop()!
    : `${encoded.request.method} ${path.replace(/switchboard-probe-[\w-]+/g, '{id}')}`;
}

/** Whether the card's `protocolVersion` names `release` or a later one of the same major version. */
function namesAtLeast(cardText: string, release: string): boolean {
  try {
    const version = (JSON.parse(cardText) as { protocolVersion?: unknown }).protocolVersion;
    if (typeof version !== 'string') return false;
    const [, minor, patch] = version.split('.').map(Number);
    const [, wantMinor = 0, wantPatch = 0] = release.split('.').map(Number);
    return minor !== undefined && (minor > wantMinor || (minor === wantMinor && (patch ?? 0) >= wantPatch));
  } catch {
    return false;
  }
}

function declaresExtendedCard(cardText: string): boolean {
  try {
    const card = JSON.parse(cardText) as {
      capabilities?: { extendedAgentCard?: unknown };
      supportsAuthenticatedExtendedCard?: unknown;
    };
    return card.capabilities?.extendedAgentCard === true || card.supportsAuthenticatedExtendedCard === true;
  } catch {
    return false;
  }
}
