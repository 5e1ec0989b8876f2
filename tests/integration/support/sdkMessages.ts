// The official SDK's 1.x request for "send this text", as the tests that drive SDK clients (JSON-RPC, HTTP+JSON and
// gRPC) build it: every member the SDK's generated types ask for, with a fresh message id each time.

import { randomUUID } from 'node:crypto';
import { Role, type Message } from '@a2a-js/sdk';

/** A user message with one text part. */
export function sdkTextMessage(value: string): Message {
  return {
    messageId: randomUUID(),
    contextId: '',
    taskId: '',
    role: Role.ROLE_USER,
    parts: [{ content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: '' }],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

/** A SendMessage request carrying that message and no configuration. */
export function sdkTextRequest(value: string) {
  return { tenant: '', message: sdkTextMessage(value), configuration: undefined, metadata: undefined };
}
