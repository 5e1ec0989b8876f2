// What a call through the recording proxy is (PRX-1): the operation, as the raw request editor tells it
// (identify.ts), and the task and text it names (requestFacts.ts), worked out once, when first asked. A hook that
// matches on them (a fault rule) asks before the request leaves; otherwise the frame asks once it is on its way, and
// the request does not wait for it (bench:proxy). Classes with their getters on the prototype rather than object
// literals with getters: those made a closure and a hidden class per call, and tripled the proxy's collection time.

import type { EncodedRequest, GenerationAdapter } from '../../../shared/a2a/adapter';
import { identifyRequest } from '../../../shared/a2a/identify';
import { V1_METHODS } from '../../../shared/a2a/v1/operations';
import type { ProxyRoute } from '../../../shared/proxy/proxyRoutes';
import type { ProxiedRequest, ProxyBinding } from '../../../shared/proxy/proxyTypes';
import { requestFacts, type RequestFacts } from '../../../shared/proxy/requestFacts';
import type { HeaderList } from '../../../shared/wire/frame';

export interface CallShape {
  adapter: GenerationAdapter | undefined;
  route: ProxyRoute | undefined;
  binding: ProxyBinding;
  method: string;
  /** Path and query as the caller sent them. */
  target: string;
  headers: HeaderList;
  body: Buffer;
  /** Where the call goes upstream. */
  url: string;
}

interface Known {
  identified: EncodedRequest | undefined;
  operation: string | undefined;
  facts: RequestFacts;
}

export class CallIdentity {
  private known: Known | undefined;

  constructor(private readonly call: CallShape) {}

  /** The adapter's request this call corresponds to, when it is an operation the adapter knows. */
  get identified(): EncodedRequest | undefined {
    return this.read().identified;
  }

  /** The operation in the generation's own words (`SendMessage`, `message/send` …). */
  get operation(): string | undefined {
    return this.read().operation;
  }

  get facts(): RequestFacts {
    return this.read().facts;
  }

  /** The answer is a card to move to the proxy: the public card, or an extended card. */
  get card(): boolean {
    return this.call.binding === 'card' || this.identified?.operation === 'extendedCard';
  }

  private read(): Known {
    if (this.known) return this.known;
    const { adapter, route, body, target } = this.call;
    const bodyText = body.byteLength > 0 ? body.toString('utf8') : undefined;
    const identified = adapter && route ? identifyCall(adapter, route, this.call, bodyText) : undefined;
    this.known = {
      identified,
      operation: identified ? (identified.rpc?.method ?? V1_METHODS[identified.operation]) : undefined,
      facts: requestFacts(target, bodyText),
    };
    return this.known;
  }
}

/** The request as the proxy's hooks see it, its operation, task and text read from the call's identity when asked. */
export class ProxiedCallRequest implements ProxiedRequest {
  readonly binding: ProxyBinding;
  readonly method: string;
  readonly path: string;
  readonly headers: HeaderList;
  readonly body: Uint8Array;
  private readonly identity: CallIdentity;

  constructor(
    readonly proxyId: string,
    readonly generation: string,
    call: CallShape,
    identity: CallIdentity,
  ) {
    this.binding = call.binding;
    this.method = call.method;
    this.path = call.target;
    this.headers = call.headers;
    this.body = call.body;
    this.identity = identity;
  }

  get operation(): string | undefined {
    return this.identity.operation;
  }

  get taskId(): string | undefined {
    return this.identity.facts.taskId;
  }

  get messageText(): string | undefined {
    return this.identity.facts.messageText;
  }
}

/**
 * The operation a call is, as the raw request editor tells it (identify.ts). The SDK 1.3.0 client POSTs
 * `…/tasks/{id}:subscribe`, which the 1.0 adapter encodes as GET: a resubscribe is known by its path either way.
 */
function identifyCall(
  adapter: GenerationAdapter,
  route: ProxyRoute,
  call: CallShape,
  bodyText: string | undefined,
): EncodedRequest | undefined {
  const endpoint = `${route.origin}${route.path}`;
  const recorded = { url: call.url, headers: call.headers, ...(bodyText !== undefined ? { bodyText } : {}) };
  const found = identifyRequest(adapter, { ...recorded, method: call.method }, endpoint);
  if (found || adapter.binding !== 'HTTP+JSON' || call.method !== 'POST') return found;
  const asGet = identifyRequest(adapter, { ...recorded, method: 'GET' }, endpoint);
  return asGet?.operation === 'subscribe' ? { ...asGet, method: 'POST' } : undefined;
}
