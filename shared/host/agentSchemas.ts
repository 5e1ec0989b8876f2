// Argument schemas for the agent client's host methods (shared/host/agent.ts), checked at the host edge like every other
// call (docs/architecture.md#the-host-contract): a call that does not fit is refused with the field and the reason.

import { z } from 'zod';
import type { operations } from '../a2a/adapter';
import { bindings, generations } from '../a2a/generation';

const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// RFC 9110 §5.5 field values: visible ASCII, space, tab and obs-text. CR, LF, NUL and other controls would split
// the request (header injection) or be refused by Node.
const fieldValue = /^[\t\x20-\x7e\x80-\xff]*$/;
const ONE_DAY_MS = 24 * 60 * 60 * 1000;
const MAX_TEXT = 64 * 1024 * 1024;

const ms = z.number().int().positive().max(ONE_DAY_MS);
const bytes = z
  .number()
  .int()
  .positive()
  .max(16 * 1024 * 1024 * 1024);
const id = z.string().min(1).max(1000);
const url = z
  .string()
  .min(1, 'The URL is empty.')
  .max(64 * 1024);
const jsonObject = z.record(z.string(), z.unknown());
const headerName = z.string().regex(token, 'A header name may contain only token characters.');
const headerValue = z
  .string()
  .regex(
    fieldValue,
    'A header value may contain only visible characters, spaces and tabs (no CR, LF or other controls).',
  );

/** What both OAuth types say about the client and its token endpoint. */
const oauthClient = {
  tokenUrl: url,
  clientId: z.string().min(1).max(4096),
  clientSecret: z.string().max(4096),
  scopes: z.array(z.string().max(256)).max(100).optional(),
  clientAuth: z.enum(['basic', 'body']).optional(),
};

const authSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('none') }).strict(),
  z
    .object({
      type: z.literal('apiKey'),
      location: z.enum(['header', 'query', 'cookie']),
      // Also a header or cookie name, so it is held to the token rule wherever it goes.
      name: z.string().max(256).regex(token, 'An API key name may contain only token characters.'),
      value: headerValue,
    })
    .strict(),
  z.object({ type: z.literal('bearer'), token: headerValue }).strict(),
  z
    .object({
      type: z.literal('basic'),
      username: z.string().regex(/^[^:\r\n\0]*$/, 'A Basic user name may not contain a colon (RFC 7617).'),
      password: headerValue,
    })
    .strict(),
  z.object({ type: z.literal('oauth2-client-credentials'), ...oauthClient }).strict(),
  z.object({ type: z.literal('oauth2-authorization-code'), authorizationUrl: url, ...oauthClient }).strict(),
]);

// A PEM block or a file path; a CA bundle can be long, but not endless.
const pemOrPath = z
  .string()
  .min(1, 'A certificate or key needs a file path or PEM text.')
  .max(1024 * 1024)
  .regex(/^[^\0]*$/, 'A certificate or key may not contain NUL.');

const connectionSchema = z
  .object({
    ca: pemOrPath,
    acceptFingerprint: z
      .string()
      .regex(
        /^(?:[0-9A-Fa-f]{2}:?){31}[0-9A-Fa-f]{2}$/,
        'A SHA-256 fingerprint is 32 bytes in hex (64 digits, colons allowed).',
      ),
    cert: pemOrPath,
    key: pemOrPath,
    pfx: z.string().min(1).max(4096),
    passphrase: z.string().max(4096),
    proxy: z
      .string()
      .max(4096)
      .refine(
        (value) => value === 'none' || /^http:\/\/[^\s/?#]+(?:\/)?$/i.test(value),
        'A proxy is an http:// URL such as http://proxy.example.com:3128, or none.',
      )
      // Settings are saved in the library in clear; a proxy password belongs in HTTPS_PROXY, not there.
      .refine(
        (value) => !value.includes('@'),
        'A proxy URL here may not carry a user name or password (it would be saved); put them in HTTPS_PROXY.',
      ),
  })
  .strict()
  .partial();

export const agentSettingsChangeSchema = z
  .object({
    selection: z
      .object({
        url: url.optional(),
        generation: z.enum(generations).optional(),
        binding: z.enum(bindings).optional(),
      })
      .strict(),
    auth: authSchema,
    headers: z
      .array(z.object({ name: headerName, value: headerValue, secret: z.boolean().optional() }).strict())
      .max(200),
    extensions: z
      .array(
        z
          .string()
          .min(1)
          .max(2048)
          .regex(/^[^,\r\n\0]*$/),
      )
      .max(100),
    timeouts: z
      .object({
        connectMs: ms,
        firstByteMs: ms,
        idleMs: ms,
        totalMs: ms,
        streamTotalMs: ms,
      })
      .strict()
      .partial(),
    limits: z.object({ maxBodyBytes: bytes, maxEventBytes: bytes, maxStreamBytes: bytes }).strict().partial(),
    trustedOrigins: z.array(url).max(100),
    resyncOnDrop: z.boolean(),
    connection: connectionSchema,
  })
  .strict()
  .partial();

const partSchema = z.discriminatedUnion('kind', [
  z
    .object({ kind: z.literal('text'), text: z.string().max(MAX_TEXT), metadata: jsonObject.optional() })
    .strict(),
  z
    .object({
      kind: z.literal('file'),
      name: z.string().max(4096).optional(),
      mediaType: z.string().max(256).optional(),
      bytes: z.string().max(MAX_TEXT).optional(),
      uri: z
        .string()
        .max(64 * 1024)
        .optional(),
      metadata: jsonObject.optional(),
    })
    .strict(),
  z
    .object({
      kind: z.literal('data'),
      data: z.unknown(),
      mediaType: z.string().max(256).optional(),
      metadata: jsonObject.optional(),
    })
    .strict(),
]);

const messageSchema = z
  .object({
    messageId: id.optional(),
    parts: z.array(partSchema).max(1000),
    taskId: id.optional(),
    contextId: id.optional(),
    referenceTaskIds: z.array(id).max(1000).optional(),
    extensions: z.array(z.string().max(2048)).max(100).optional(),
    metadata: jsonObject.optional(),
  })
  .strict();

const pushConfigSchema = z
  .object({
    id: id.optional(),
    url,
    token: z.string().max(4096).optional(),
    authSchemes: z.array(z.string().max(256)).max(20).optional(),
    credentials: z.string().max(4096).optional(),
  })
  .strict();

const sendSchema = z
  .object({
    message: messageSchema,
    blocking: z.boolean(),
    acceptedOutputModes: z.array(z.string().max(256)).max(100).optional(),
    historyLength: z.number().int().nonnegative().optional(),
    pushNotification: pushConfigSchema.optional(),
    metadata: jsonObject.optional(),
  })
  .strict();

const empty = z.object({}).strict();
const inputs = {
  send: sendSchema,
  stream: sendSchema,
  get: z.object({ taskId: id, historyLength: z.number().int().nonnegative().optional() }).strict(),
  list: z
    .object({
      contextId: id.optional(),
      status: z.string().max(100).optional(),
      pageSize: z.number().int().positive().max(10_000).optional(),
      pageToken: z.string().max(4096).optional(),
      historyLength: z.number().int().nonnegative().optional(),
      includeArtifacts: z.boolean().optional(),
      statusTimestampAfter: z.string().max(100).optional(),
    })
    .strict(),
  cancel: z.object({ taskId: id, metadata: jsonObject.optional() }).strict(),
  subscribe: z.object({ taskId: id }).strict(),
  pushConfigSet: z.object({ taskId: id, config: pushConfigSchema }).strict(),
  pushConfigGet: z.object({ taskId: id, configId: id.optional() }).strict(),
  pushConfigList: z
    .object({
      taskId: id,
      pageSize: z.number().int().positive().optional(),
      pageToken: z.string().max(4096).optional(),
    })
    .strict(),
  pushConfigDelete: z.object({ taskId: id, configId: id }).strict(),
  extendedCard: empty,
} satisfies Record<(typeof operations)[number], z.ZodType>;

/** One of the card's interfaces, named for a single request (InterfaceChoice). */
const via = z
  .object({
    url: z
      .string()
      .min(1)
      .max(64 * 1024),
    generation: z.enum(generations),
    binding: z.enum(bindings),
  })
  .strict();

const op = <O extends (typeof operations)[number]>(operation: O) =>
  z
    .object({
      agentId: id,
      operation: z.literal(operation),
      input: inputs[operation],
      via: via.optional(),
      despiteMissingRoute: z.boolean().optional(),
    })
    .strict();

export const operationRequestSchema = z.discriminatedUnion('operation', [
  op('send'),
  op('stream'),
  op('get'),
  op('list'),
  op('cancel'),
  op('subscribe'),
  op('pushConfigSet'),
  op('pushConfigGet'),
  op('pushConfigList'),
  op('pushConfigDelete'),
  op('extendedCard'),
]);

export const openAgentRequestSchema = z
  .object({ url, cardPath: z.string().max(4096).optional(), settings: agentSettingsChangeSchema.optional() })
  .strict();

export const libraryEntrySchema = z
  .object({
    url,
    cardPath: z.string().max(4096).optional(),
    name: z.string().max(1000).optional(),
    settings: agentSettingsChangeSchema.optional(),
    routeHolds: z
      .array(
        z
          .object({
            key: z.string().max(8192),
            message: z.string().max(8192),
            frameId: z.string().max(200),
            cardSha256: z.string().regex(/^[0-9a-f]{64}$/, 'A route hold names its card by a sha256 in hex.'),
          })
          .strict(),
      )
      .max(100)
      .optional(),
  })
  .strict();

export const libraryFileSchema = z
  .object({
    format: z.literal('switchboard-agent-library', 'This is not a Switchboard agent library.'),
    schemaVersion: z.literal(1, 'This agent library was written by a newer Switchboard.'),
    agents: z.array(libraryEntrySchema).max(10_000),
  })
  .strict();

export const rawAgentRequestSchema = z
  .object({
    agentId: id,
    method: z.string().regex(token, 'The method must be an HTTP token such as POST.'),
    url: z.string().max(64 * 1024),
    headers: z.array(z.tuple([headerName, headerValue])).max(200),
    body: z.string().max(MAX_TEXT).optional(),
    bodyBase64: z
      .string()
      .max(MAX_TEXT)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'The body bytes must be base64.')
      .optional(),
    via: via.optional(),
    credentials: z.literal(false).optional(),
    identify: z.literal(false).optional(),
    secretHeaders: z.array(headerName).max(100).optional(),
  })
  .strict()
  .refine((request) => request.body === undefined || request.bodyBase64 === undefined, {
    message: 'Give the body as text or as bytes, not both.',
  });

export const agentIdSchema = z.object({ agentId: id }).strict();
export const exchangeIdSchema = z.object({ exchangeId: id }).strict();
