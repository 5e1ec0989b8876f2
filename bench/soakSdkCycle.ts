// bench:soak's reference: the cycle of bench/soakChild.ts (blocking send, a stream read to its end, a slow task
// started and cancelled, a get) made by the official @a2a-js/sdk client (JSON-RPC) alone, with no host, recording or
// analysis. Its process's growth over the same cycles is what a plain A2A client shows on this runtime.

import { Role, type Message } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory } from '@a2a-js/sdk/client';

export type SoakCycle = (n: number) => Promise<void>;

let sent = 0;

function request(text: string, returnImmediately: boolean) {
  const message: Message = {
    messageId: `soak-${++sent}`,
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts: [{ content: { $case: 'text', value: text }, metadata: undefined, filename: '', mediaType: '' }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
  const configuration = { acceptedOutputModes: [], taskPushNotificationConfig: undefined, returnImmediately };
  return { tenant: '', message, configuration, metadata: undefined };
}

/** The SDK's cycle against the agent at `cardUrl`; failures go to `fail` (the bench counts them). */
export async function sdkSoakCycle(cardUrl: string, fail: (what: string) => void): Promise<SoakCycle> {
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory()],
    }),
  );
  // The SDK takes the agent's base URL and adds the well-known card path itself.
  const client = await factory.createFromUrl(cardUrl.replace(/\/\.well-known\/agent-card\.json$/, ''));
  return async (n) => {
    await client.sendMessage(request(`hello ${n}`, false));
    let events = 0;
    for await (const event of client.sendMessageStream(request(`stream ${n}`, true)))
      if (event.payload) events++;
    if (events === 0) fail('stream: no event');
    const slow = await client.sendMessage(request(`slow ${n}`, true));
    if (!('status' in slow)) return fail('slow send: no task');
    await client.cancelTask({ tenant: '', id: slow.id, metadata: undefined });
    await client.getTask({ tenant: '', id: slow.id });
  };
}
