// What sets one A2A generation apart from the others, as facts the rest of the code asks for instead of comparing
// generation strings (docs/architecture.md#the-protocol-model). Which operations a binding has is the adapter's
// `supports`; the wire shapes are the adapters' own. This is what is left: words, card fields, header values,
// error models and what a message can carry. Adding a generation is adding a row here and a folder of adapters.

import { isGeneration, type Binding, type Generation } from './generation';

/** What a message and a send can carry on one binding; what cannot be carried is dropped when encoding. */
export interface MessageShape {
  /** `message.extensions` (0.2 on). */
  extensions: boolean;
  /** `message.referenceTaskIds` (0.3 JSON-RPC and 1.0; the 0.3 protobuf has no such field). */
  referenceTaskIds: boolean;
  /** `configuration.acceptedOutputModes` (0.2 on). */
  acceptedOutputModes: boolean;
  /** A blocking flag on a send (0.2 on); 0.1's `tasks/send` always waits. */
  blockingFlag: boolean;
  /** A media type on a data part (1.0). */
  dataPartMediaType: boolean;
  /** A data part holding any JSON value (1.0); earlier generations hold an object only. */
  dataPartAnyJson: boolean;
  /** A file name on a file part (every generation but the 0.3 protobuf). */
  filePartName: boolean;
  /**
   * `historyLength: 0` told apart from "not given". Over the 0.3 protobuf (HTTP+JSON and gRPC) zero is the field's
   * default and cannot be (docs/protocol.md#03-three-bindings).
   */
  historyLengthZero: boolean;
}

export interface GenerationProfile {
  readonly generation: Generation;
  /** What groups a conversation's tasks: a session (0.1 `sessionId`) or a context (`contextId`). */
  readonly conversationWord: 'session' | 'context';
  /** Who makes a task's id: a 0.1 client names the task it sends to; in later generations the agent does. */
  readonly taskIdsFrom: 'client' | 'agent';
  /**
   * The `A2A-Version` a request carries, for a generation that negotiates by header (1.0: without the header a
   * server takes a request for 0.3; docs/protocol.md#versions-headers-and-content-types).
   */
  readonly versionHeader: string | undefined;
  /** The header that asks for extensions, for a generation that has them. */
  readonly extensionsHeader: string | undefined;
  /** The media type of the generation's own JSON bodies, where it has one (1.0 REST answers, push deliveries). */
  readonly a2aMediaType: string | undefined;
  /** The card's flag for an extended card, as a dot path, or undefined for a generation without one. */
  readonly extendedCardFlag: string | undefined;
  /** Whether a card of this generation should name its `protocolVersion` (0.2 and 0.3 cards). */
  readonly cardNamesProtocolVersion: boolean;
  /** How a card writes a security scheme: `{type: …}` as OpenAPI does, or one wrapping member per kind (1.0). */
  readonly securitySchemeForm: 'typed' | 'wrapped';
  /** JSON-RPC: the 0.1 schema lets a request leave out `jsonrpc` and `id`; later generations require both. */
  readonly lenientJsonRpcEnvelope: boolean;
  /** Error `data`: google.rpc details with an `@type` each (1.0), or whatever the agent likes (earlier). */
  readonly errorDetails: 'google-rpc' | 'free-form';
  /**
   * HTTP statuses of REST errors: fixed per error by the specification (1.0), the convention of the SDKs (0.3,
   * whose specification names none), or none, for a generation without a REST binding.
   */
  readonly restErrorStatus: 'specified' | 'sdk-convention' | 'none';
  /** How the 0.1 samples authenticate push deliveries (a JWT), or the config's echoed token (later). */
  readonly pushAuth: 'jwt' | 'token';
  /**
   * How a push config's `authentication` names its schemes: a list (`schemes`, up to 0.3) or one IANA scheme name
   * (`scheme`, 1.0's AuthenticationInfo).
   */
  readonly pushAuthField: 'schemes' | 'scheme';
  /** The binding whose decoder reads the generation's push bodies (0.3's REST decoder reads both shapes 0.3 pushes). */
  readonly pushBodyBinding: Binding;
  /** The error a message for an ended task gets, where the generation names one (A2A 1.0 §3.1.1). */
  readonly endedTaskError: string | undefined;
  /**
   * Whether an operation for a capability the card does not declare must be refused with its own error, as A2A 1.0
   * §3.3.4 asks (streaming: UnsupportedOperationError; push: PushNotificationNotSupportedError).
   */
  readonly refusesUndeclaredCapabilities: boolean;
  /** The release that added push config list and delete, when it came after the generation's first (0.2.5). */
  readonly pushListAndDeleteSince: string | undefined;
  /** Whether a stream's status updates say `final: true` at the end (up to 0.3; 1.0 dropped the flag). */
  readonly finalFlag: boolean;
  /** An unknown binding gets the narrowest shape the generation has. */
  messageShape(binding: Binding | undefined): MessageShape;
}

const fullShape: MessageShape = {
  extensions: true,
  referenceTaskIds: true,
  acceptedOutputModes: true,
  blockingFlag: true,
  dataPartMediaType: false,
  dataPartAnyJson: false,
  filePartName: true,
  historyLengthZero: true,
};

const profiles: Record<Generation, GenerationProfile> = {
  '0.1': {
    generation: '0.1',
    conversationWord: 'session',
    taskIdsFrom: 'client',
    versionHeader: undefined,
    extensionsHeader: undefined,
    a2aMediaType: undefined,
    extendedCardFlag: undefined,
    cardNamesProtocolVersion: false,
    securitySchemeForm: 'typed',
    lenientJsonRpcEnvelope: true,
    errorDetails: 'free-form',
    restErrorStatus: 'none',
    pushAuth: 'jwt',
    pushAuthField: 'schemes',
    pushBodyBinding: 'JSONRPC',
    endedTaskError: undefined,
    refusesUndeclaredCapabilities: false,
    pushListAndDeleteSince: undefined,
    finalFlag: true,
    messageShape: () => ({
      ...fullShape,
      extensions: false,
      referenceTaskIds: false,
      acceptedOutputModes: false,
      blockingFlag: false,
    }),
  },
  '0.2': {
    generation: '0.2',
    conversationWord: 'context',
    taskIdsFrom: 'agent',
    versionHeader: undefined,
    extensionsHeader: 'X-A2A-Extensions',
    a2aMediaType: undefined,
    extendedCardFlag: 'supportsAuthenticatedExtendedCard',
    cardNamesProtocolVersion: true,
    securitySchemeForm: 'typed',
    lenientJsonRpcEnvelope: false,
    errorDetails: 'free-form',
    restErrorStatus: 'none',
    pushAuth: 'token',
    pushAuthField: 'schemes',
    pushBodyBinding: 'JSONRPC',
    endedTaskError: undefined,
    refusesUndeclaredCapabilities: false,
    pushListAndDeleteSince: '0.2.5',
    finalFlag: true,
    messageShape: () => fullShape,
  },
  '0.3': {
    generation: '0.3',
    conversationWord: 'context',
    taskIdsFrom: 'agent',
    versionHeader: undefined,
    extensionsHeader: 'X-A2A-Extensions',
    a2aMediaType: undefined,
    extendedCardFlag: 'supportsAuthenticatedExtendedCard',
    cardNamesProtocolVersion: true,
    securitySchemeForm: 'typed',
    lenientJsonRpcEnvelope: false,
    errorDetails: 'free-form',
    restErrorStatus: 'sdk-convention',
    pushAuth: 'token',
    pushAuthField: 'schemes',
    pushBodyBinding: 'HTTP+JSON',
    endedTaskError: undefined,
    refusesUndeclaredCapabilities: false,
    pushListAndDeleteSince: undefined,
    finalFlag: true,
    // HTTP+JSON and gRPC both carry the 0.3 protobuf, which lacks some of the JSON-RPC fields.
    messageShape: (binding) =>
      binding === 'JSONRPC'
        ? fullShape
        : { ...fullShape, referenceTaskIds: false, filePartName: false, historyLengthZero: false },
  },
  '1.0': {
    generation: '1.0',
    conversationWord: 'context',
    taskIdsFrom: 'agent',
    versionHeader: '1.0',
    extensionsHeader: 'A2A-Extensions',
    a2aMediaType: 'application/a2a+json',
    extendedCardFlag: 'capabilities.extendedAgentCard',
    cardNamesProtocolVersion: false,
    securitySchemeForm: 'wrapped',
    lenientJsonRpcEnvelope: false,
    errorDetails: 'google-rpc',
    restErrorStatus: 'specified',
    pushAuth: 'token',
    pushAuthField: 'scheme',
    pushBodyBinding: 'JSONRPC',
    endedTaskError: 'UnsupportedOperationError',
    refusesUndeclaredCapabilities: true,
    pushListAndDeleteSince: undefined,
    finalFlag: false,
    messageShape: () => ({ ...fullShape, dataPartMediaType: true, dataPartAnyJson: true }),
  },
};

export function profileOf(generation: Generation): GenerationProfile {
  return profiles[generation];
}

/** The profile of a generation as a frame or a file names it, which may be one Switchboard does not know. */
export function profileNamed(generation: string | undefined): GenerationProfile | undefined {
  return isGeneration(generation) ? profiles[generation] : undefined;
}

/** The value of a card's flag at a profile's dot path (`capabilities.extendedAgentCard`), if the card has one. */
export function cardFlag(card: unknown, path: string | undefined): unknown {
  if (path === undefined) return undefined;
  let value: unknown = card;
  for (const key of path.split('.')) {
    if (typeof value !== 'object' || value === null || !Object.hasOwn(value, key)) return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}
