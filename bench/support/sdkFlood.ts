// The official @a2a-js/sdk 1.3.0 client as benchmarks use it for a reference or a floor: a JSON-RPC client for one
// agent, and a flood's stream read to its end, counting the events and doing nothing else with them.

import {
  ClientFactory,
  ClientFactoryOptions,
  JsonRpcTransportFactory,
  type Client,
} from '@a2a-js/sdk/client';
import { Role, type Message } from '@a2a-js/sdk';

export async function sdkJsonRpcClient(url: string): Promise<Client> {
  const factory = new ClientFactory(
    ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory()],
    }),
  );
  return factory.createFromUrl(url);
}

/** Sends the flood's one text message as a stream and counts the events that carry a payload. */
export async function countSdkFlood(client: Client, messageId: string): Promise<number> {
  const message: Message = {
    messageId,
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts: [{ content: { $case: 'text', value: 'flood' }, metadata: undefined, filename: '', mediaType: '' }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
  let events = 0;
  for await (const event of client.sendMessageStream({
    tenant: '',
    message,
    configuration: undefined,
    metadata: undefined,
  })) {
    if (event.payload) events++;
  }
  return events;
}
