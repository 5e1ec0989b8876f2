// Encodes messages and push configs as ProtoJSON for 0.3 REST and for 1.0 (docs/protocol.md#03-three-bindings,
// docs/protocol.md#10-one-operation-set-three-bindings, docs/protocol.md#messages-parts-and-artifacts).

import type { MessageInput, PartInput, PushConfigInput, SendInput } from '../adapter';
import { defined } from '../decodeContext';
import type { ProtoDialect } from './decode';

export function encodePart(part: PartInput, dialect: ProtoDialect): unknown {
  if (dialect === '1.0') {
    const common = { mediaType: 'mediaType' in part ? part.mediaType : undefined, metadata: part.metadata };
    if (part.kind === 'text') return defined({ text: part.text, ...common });
    if (part.kind === 'data') return defined({ data: part.data, ...common });
    return defined({
      raw: part.bytes,
      url: part.bytes === undefined ? part.uri : undefined,
      filename: part.name,
      ...common,
    });
  }
  // The 0.3 proto has no per-part metadata and no file name (docs/protocol.md#03-three-bindings), so they cannot be
  // sent.
  if (part.kind === 'text') return { text: part.text };
  if (part.kind === 'data') return { data: { data: part.data } };
  return {
    file: defined({
      fileWithBytes: part.bytes,
      fileWithUri: part.bytes === undefined ? part.uri : undefined,
      mimeType: part.mediaType,
    }),
  };
}

export function encodeMessage(message: MessageInput, dialect: ProtoDialect, newId: () => string): unknown {
  const parts = message.parts.map((part) => encodePart(part, dialect));
  return defined({
    messageId: message.messageId ?? newId(),
    role: 'ROLE_USER',
    ...(dialect === '1.0' ? { parts } : { content: parts }),
    taskId: message.taskId,
    contextId: message.contextId,
    referenceTaskIds: dialect === '1.0' ? message.referenceTaskIds : undefined,
    extensions: message.extensions,
    metadata: message.metadata,
  });
}

/** 0.3's PushNotificationConfig (with a list of schemes) or 1.0's flat TaskPushNotificationConfig (one scheme). */
export function encodePushConfig(config: PushConfigInput, dialect: ProtoDialect, taskId?: string): unknown {
  if (dialect === '0.3') {
    const authentication = config.authSchemes?.length
      ? defined({ schemes: config.authSchemes, credentials: config.credentials })
      : undefined;
    return defined({ id: config.id, url: config.url, token: config.token, authentication });
  }
  const scheme = config.authSchemes?.[0];
  const authentication = scheme ? defined({ scheme, credentials: config.credentials }) : undefined;
  return defined({ taskId, id: config.id, url: config.url, token: config.token, authentication });
}

export function encodeSendRequest(
  send: SendInput,
  dialect: ProtoDialect,
  newId: () => string,
  tenant?: string,
): unknown {
  const push = send.pushNotification ? encodePushConfig(send.pushNotification, dialect) : undefined;
  const configuration =
    dialect === '1.0'
      ? defined({
          acceptedOutputModes: send.acceptedOutputModes,
          historyLength: send.historyLength,
          // 1.0 inverted the flag: returnImmediately=false means blocking
          // (docs/protocol.md#10-one-operation-set-three-bindings).
          returnImmediately: !send.blocking,
          taskPushNotificationConfig: push,
        })
      : defined({
          acceptedOutputModes: send.acceptedOutputModes,
          historyLength: send.historyLength,
          blocking: send.blocking,
          pushNotification: push,
        });
  return defined({
    tenant,
    message: encodeMessage(send.message, dialect, newId),
    configuration,
    metadata: send.metadata,
  });
}
