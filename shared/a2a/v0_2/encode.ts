// Encodes messages and push configs in the `kind` JSON of 0.2.x and 0.3 JSON-RPC
// (docs/protocol.md#messages-parts-and-artifacts, docs/protocol.md#push-configurations).

import type { MessageInput, PartInput, PushConfigInput, SendInput } from '../adapter';
import { defined } from '../decodeContext';

export function encodePart(part: PartInput): unknown {
  if (part.kind === 'text') return defined({ kind: 'text', text: part.text, metadata: part.metadata });
  if (part.kind === 'data') return defined({ kind: 'data', data: part.data, metadata: part.metadata });
  return defined({
    kind: 'file',
    file: defined({ name: part.name, mimeType: part.mediaType, bytes: part.bytes, uri: part.uri }),
    metadata: part.metadata,
  });
}

export function encodeMessage(message: MessageInput, newId: () => string): unknown {
  return defined({
    kind: 'message',
    messageId: message.messageId ?? newId(),
    role: 'user',
    parts: message.parts.map(encodePart),
    taskId: message.taskId,
    contextId: message.contextId,
    referenceTaskIds: message.referenceTaskIds,
    extensions: message.extensions,
    metadata: message.metadata,
  });
}

export function encodePushConfig(config: PushConfigInput): unknown {
  const authentication = config.authSchemes?.length
    ? defined({ schemes: config.authSchemes, credentials: config.credentials })
    : undefined;
  return defined({ id: config.id, url: config.url, token: config.token, authentication });
}

export function encodeSendParams(send: SendInput, newId: () => string): unknown {
  return defined({
    message: encodeMessage(send.message, newId),
    configuration: defined({
      acceptedOutputModes: send.acceptedOutputModes,
      historyLength: send.historyLength,
      blocking: send.blocking,
      pushNotificationConfig: send.pushNotification ? encodePushConfig(send.pushNotification) : undefined,
    }),
    metadata: send.metadata,
  });
}
