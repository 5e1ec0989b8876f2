// The request editor's body checked against the request schema of the A2A operation it was recognised as (MSG-8):
// a 0.x JSON-RPC request against its whole request type, a 1.0 JSON-RPC request's params and a 1.0 HTTP+JSON body
// against the request message of the published 1.0 JSON Schema. 0.3's HTTP+JSON speaks ProtoJSON, which its JSON
// Schema does not describe, so there (and for operations whose REST call carries no body) nothing is checked.

import type { Operation } from '../../shared/a2a/adapter';
import { bodyProblems, type RequestBodyCheck } from '../../shared/wire/bodyProblems';
import { parseJsonText } from '../../shared/wire/jsonText';
import { parsePlainJson } from '../../shared/wire/plainJson';
import { ownValue } from '../../shared/ownValue';
import { schemaValidator } from './bodySchema';

type Types = Partial<Record<Operation, string>>;

const ZERO_TWO_THREE: Types = {
  send: 'SendMessageRequest',
  stream: 'SendStreamingMessageRequest',
  get: 'GetTaskRequest',
  cancel: 'CancelTaskRequest',
  subscribe: 'TaskResubscriptionRequest',
  pushConfigSet: 'SetTaskPushNotificationConfigRequest',
  pushConfigGet: 'GetTaskPushNotificationConfigRequest',
  pushConfigList: 'ListTaskPushNotificationConfigRequest',
  pushConfigDelete: 'DeleteTaskPushNotificationConfigRequest',
};

/** Request types per generation; `params` says the schema describes the JSON-RPC params, not the envelope. */
const REQUESTS: Record<string, { params: boolean; types: Types; restTypes: Types }> = {
  '0.1': {
    params: false,
    types: {
      send: 'SendTaskRequest',
      stream: 'SendTaskStreamingRequest',
      get: 'GetTaskRequest',
      cancel: 'CancelTaskRequest',
      subscribe: 'TaskResubscriptionRequest',
      pushConfigSet: 'SetTaskPushNotificationRequest',
      pushConfigGet: 'GetTaskPushNotificationRequest',
    },
    restTypes: {},
  },
  '0.2': { params: false, types: ZERO_TWO_THREE, restTypes: {} },
  '0.3': {
    params: false,
    types: { ...ZERO_TWO_THREE, extendedCard: 'GetAuthenticatedExtendedCardRequest' },
    restTypes: {},
  },
  '1.0': {
    params: true,
    types: {
      send: 'Send Message Request',
      stream: 'Send Message Request',
      get: 'Get Task Request',
      list: 'List Tasks Request',
      cancel: 'Cancel Task Request',
      subscribe: 'Subscribe To Task Request',
      pushConfigSet: 'Task Push Notification Config',
      pushConfigGet: 'Get Task Push Notification Config Request',
      pushConfigList: 'List Task Push Notification Configs Request',
      pushConfigDelete: 'Delete Task Push Notification Config Request',
      extendedCard: 'Get Extended Agent Card Request',
    },
    // Only these REST calls carry their request message as the body; the others are said by path and query.
    restTypes: { send: 'Send Message Request', stream: 'Send Message Request' },
  },
};

const MAX_PROBLEMS = 20;
const NOTHING: RequestBodyCheck = { problems: [], more: 0 };

/**
 * The problems of `body` as a request of `operation` in `generation` over `binding`. A body that is not JSON gets no
 * problems here (the editor says where its JSON breaks), and a combination with no schema none and no `schema`.
 */
export function checkRequestBody(request: {
  generation: string;
  binding: string;
  operation: string;
  body: string;
}): RequestBodyCheck {
  const known = ownValue(REQUESTS, request.generation);
  if (!known) return NOTHING;
  const rest = request.binding === 'HTTP+JSON';
  if (!rest && request.binding !== 'JSONRPC') return NOTHING;
  const types = rest ? known.restTypes : known.types;
  const schema = ownValue(types as Record<string, string>, request.operation);
  if (!schema) return NOTHING;
  const validate = schemaValidator(request.generation, schema);
  const parsed = parsedValue(request.body);
  if (!validate || !parsed) return { schema, problems: [], more: 0 };
  const inParams = known.params && !rest;
  let value: unknown = parsed.value;
  if (inParams) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return { schema, problems: [{ path: '$', message: 'must be a JSON-RPC request object' }], more: 0 };
    }
    value = (value as { params?: unknown }).params ?? {};
  }
  if (validate(value)) return { schema, problems: [], more: 0 };
  return {
    schema,
    ...bodyProblems(validate.errors ?? [], { base: inParams ? '/params' : '', schema, max: MAX_PROBLEMS }),
  };
}

/**
 * The body's value, as the careful parser reads it; undefined when it is not JSON. Only the value is checked, so a
 * body JSON.parse reads as the careful parser would (plainJson.ts) skips the careful parser's positions: the recording
 * proxy checks every caller's request (PRX-3), where they cost it more than the validation (bench:proxy).
 */
function parsedValue(body: string): { value: unknown } | undefined {
  const plain = parsePlainJson(body);
  if (plain) return plain;
  const parsed = parseJsonText(body, { positions: 'lazy' });
  return parsed.ok ? parsed : undefined;
}
