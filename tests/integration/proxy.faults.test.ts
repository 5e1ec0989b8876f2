// Fault rules (PRX-4) as a real client sees them: the official @a2a-js/sdk 1.3.0 client calls the v1.0 SDK peer
// through a loopback relay that runs the fault hooks the way the proxy core will, and gets exactly what each rule
// asks for: the A2A error with its code, a stream cut after N events, an event its parser refuses, delays in the
// order they were asked for (held open by a gate clock, so nothing is timed), and a stall that ends when it aborts.
// The 0.3 SDK client (a2a-sdk-v03) in front of the 0.3 peer checks the 0.3 error shapes and a drop over HTTP+JSON.

import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ClientFactory,
  ClientFactoryOptions,
  JsonRpcTransportFactory,
  RestTransportFactory,
} from '@a2a-js/sdk/client';
import { TaskState, type StreamResponse } from '@a2a-js/sdk';
import type { FaultClock } from '../../electron/host/proxy/faultClock';
import { faultHooks } from '../../electron/host/proxy/faultHooks';
import { FaultRuleSet } from '../../electron/host/proxy/faultRuleSet';
import { parseFaultRules } from '../../shared/proxy/faultRules';
import {
  ClientFactory as V03ClientFactory,
  ClientFactoryOptions as V03ClientFactoryOptions,
  JsonRpcTransportFactory as V03JsonRpcTransportFactory,
  RestTransportFactory as V03RestTransportFactory,
  TaskNotFoundError as V03TaskNotFoundError,
} from 'a2a-sdk-v03/client';
import { peers, type PeerHandle } from '../peers';
import { GateClock } from '../unit/support/gateClock';
import { startFaultRelay, type FaultRelay } from './support/faultRelay';
import { sdkTextRequest } from './support/sdkMessages';

let peer: PeerHandle;
let relay: FaultRelay | undefined;

beforeAll(async () => {
  peer = await peers['v1.0']();
});
afterAll(async () => {
  await peer.close();
});
afterEach(async () => {
  await relay?.close();
  relay = undefined;
});

/** A relay in front of the peer running these rules (in the rule file's format, so the parser is on the path). */
async function relayWith(
  rules: unknown[],
  clock?: FaultClock,
  upstream: PeerHandle = peer,
): Promise<{ relay: FaultRelay; set: FaultRuleSet }> {
  const parsed = parseFaultRules({ rules });
  if (!parsed.ok) throw new Error(parsed.errors.join('\n'));
  const set = new FaultRuleSet(parsed.rules);
  relay = await startFaultRelay(
    upstream.baseUrl,
    faultHooks(set, clock ? { clock } : {}),
    upstream.generation,
  );
  return { relay, set };
}

async function sdkClient(url: string, binding: 'JSONRPC' | 'HTTP+JSON' = 'JSONRPC') {
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory(), new RestTransportFactory()],
      preferredTransports: [binding],
    }),
  );
  return factory.createFromUrl(url);
}

/** Reads a stream into `events`, telling waiters when the k-th event has arrived. */
function reader(stream: AsyncIterable<StreamResponse>) {
  const events: StreamResponse[] = [];
  const waiters: Array<{ count: number; resolve: () => void }> = [];
  const done = (async () => {
    for await (const event of stream) {
      events.push(event);
      for (const waiter of waiters.filter((w) => w.count <= events.length)) waiter.resolve();
    }
  })();
  const seen = (count: number) =>
    events.length >= count
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiters.push({ count, resolve }));
  return { events, done, seen };
}

describe('fault rules seen by the official @a2a-js/sdk 1.3.0 client', () => {
  it('an error rule makes the SDK throw the A2A error, over JSON-RPC and HTTP+JSON, for the matched call only', async () => {
    const { relay } = await relayWith([
      { id: 'gone', match: { operation: 'message/send' }, action: { kind: 'error', jsonRpcCode: -32001 } },
    ]);
    for (const binding of ['JSONRPC', 'HTTP+JSON'] as const) {
      const client = await sdkClient(relay.url, binding);
      const failure = await client.sendMessage(sdkTextRequest('hello')).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure, binding).toMatchObject({ name: 'TaskNotFoundError', message: 'Task not found' });
      const code = binding === 'JSONRPC' ? { envelopeCode: -32001 } : { statusCode: 404 };
      expect(failure, binding).toMatchObject(code);
      const streamed = reader(client.sendMessageStream(sdkTextRequest('hello stream')));
      await streamed.done;
      expect(streamed.events.at(-1)?.payload).toMatchObject({ $case: 'statusUpdate' });
    }
  });

  it('an error rule with times: 1 fails the first call and lets the next one through', async () => {
    const { relay, set } = await relayWith([
      { id: 'once', times: 1, action: { kind: 'error', jsonRpcCode: -32603 } },
    ]);
    const client = await sdkClient(relay.url);
    const failure = await client.sendMessage(sdkTextRequest('hello')).catch((error: unknown) => error);
    expect(failure).toMatchObject({ transport: 'jsonrpc', envelopeCode: -32603, message: 'Internal error' });
    const task = await client.sendMessage(sdkTextRequest('hello'));
    expect(task).toMatchObject({ status: { state: TaskState.TASK_STATE_COMPLETED } });
    expect(set.uses('once')).toBe(1);
  });

  it('drop-stream after 2 ends the SDK stream with an error after exactly 2 events', async () => {
    const { relay } = await relayWith([
      {
        id: 'cut',
        match: { operation: 'SendStreamingMessage' },
        action: { kind: 'drop-stream', afterEvents: 2 },
      },
    ]);
    const client = await sdkClient(relay.url);
    const streamed = reader(client.sendMessageStream(sdkTextRequest('hello stream')));
    await expect(streamed.done).rejects.toThrow();
    expect(streamed.events.length).toBe(2);
    expect(streamed.events[0]?.payload?.$case).toBe('task');
  });

  it('corrupt-event makes the SDK report a parse error at that event', async () => {
    const { relay } = await relayWith([
      { id: 'spoil', match: { text: 'STREAM' }, action: { kind: 'corrupt-event', eventIndex: 1 } },
    ]);
    const client = await sdkClient(relay.url);
    const streamed = reader(client.sendMessageStream(sdkTextRequest('hello stream')));
    await expect(streamed.done).rejects.toThrow(/parse/i);
    expect(streamed.events.length).toBe(1);
  });

  it('delays hold the first byte, then each later event, in order', async () => {
    const clock = new GateClock();
    const { relay } = await relayWith(
      [
        { id: 'late', action: { kind: 'delay-first-byte', ms: 1500 } },
        { id: 'gaps', match: { operation: 'stream' }, action: { kind: 'delay-events', ms: 200 } },
      ],
      clock,
    );
    const client = await sdkClient(relay.url);
    const streamed = reader(client.sendMessageStream(sdkTextRequest('hello stream')));
    await clock.waiting();
    expect(streamed.events.length).toBe(0);
    clock.release();
    let held = 0;
    for (let count = 1; ; count += 1) {
      const step = await Promise.race([
        Promise.all([streamed.seen(count), clock.waiting()]).then(() => 'held' as const),
        streamed.done.then(() => 'done' as const),
      ]);
      if (step === 'done') break;
      // The gate holds the next event, so the client has exactly the events before it.
      expect(streamed.events.length).toBe(count);
      held += 1;
      clock.release();
    }
    expect(held).toBeGreaterThanOrEqual(2);
    expect(clock.waits).toEqual([1500, ...Array.from({ length: held }, () => 200)]);
    expect(streamed.events.length).toBe(held + 1);
    expect(streamed.events.at(-1)?.payload).toMatchObject({
      $case: 'statusUpdate',
      value: { status: { state: TaskState.TASK_STATE_COMPLETED } },
    });
  });

  it('a stall sends the head and nothing more until the SDK client aborts', async () => {
    const { relay } = await relayWith([
      { id: 'hang', match: { operation: 'message/stream' }, action: { kind: 'stall' } },
    ]);
    const client = await sdkClient(relay.url);
    const headSent = relay.nextHeadSent();
    const answerDone = relay.nextAnswerDone();
    const abort = new AbortController();
    const streamed = reader(
      client.sendMessageStream(sdkTextRequest('hello stream'), { signal: abort.signal }),
    );
    await headSent;
    expect(streamed.events.length).toBe(0);
    abort.abort();
    await expect(streamed.done).rejects.toThrow(/abort/i);
    expect(await answerDone).toEqual({ clientGone: true });
  });
});

describe('fault rules seen by the 0.3 SDK client (a2a-sdk-v03) in front of the 0.3 peer', () => {
  let peer03: PeerHandle;
  beforeAll(async () => {
    peer03 = await peers['v0.3']();
  });
  afterAll(async () => {
    await peer03.close();
  });

  function v03Client(url: string, binding: 'JSONRPC' | 'HTTP+JSON') {
    const factory = new V03ClientFactory(
      V03ClientFactoryOptions.createFrom(V03ClientFactoryOptions.default, {
        transports: [new V03JsonRpcTransportFactory(), new V03RestTransportFactory()],
        preferredTransports: [binding],
      }),
    );
    return factory.createFromUrl(url);
  }

  function v03Message(text: string) {
    return {
      message: {
        kind: 'message' as const,
        messageId: randomUUID(),
        role: 'user' as const,
        parts: [{ kind: 'text' as const, text }],
      },
    };
  }

  it('an error rule reaches the 0.3 client in the 0.3 shapes of both bindings', async () => {
    const { relay } = await relayWith(
      [{ id: 'gone', match: { operation: 'SendMessage' }, action: { kind: 'error', jsonRpcCode: -32001 } }],
      undefined,
      peer03,
    );
    const rpc = await (
      await v03Client(relay.url, 'JSONRPC')
    )
      .sendMessage(v03Message('hello'))
      .catch((e: unknown) => e);
    expect(String(rpc)).toMatch(/-32001|Task not found/);
    const rest = await (
      await v03Client(relay.url, 'HTTP+JSON')
    )
      .sendMessage(v03Message('hello'))
      .catch((e: unknown) => e);
    expect(rest).toBeInstanceOf(V03TaskNotFoundError);
  });

  it('drop-stream after 2 ends the 0.3 client stream after 2 events over HTTP+JSON', async () => {
    const { relay } = await relayWith(
      [
        {
          id: 'cut',
          match: { operation: 'message/stream' },
          action: { kind: 'drop-stream', afterEvents: 2 },
        },
      ],
      undefined,
      peer03,
    );
    const client = await v03Client(relay.url, 'HTTP+JSON');
    const events: unknown[] = [];
    const done = (async () => {
      for await (const event of client.sendMessageStream(v03Message('hello stream'))) events.push(event);
    })();
    await expect(done).rejects.toThrow();
    expect(events.length).toBe(2);
  });
});
