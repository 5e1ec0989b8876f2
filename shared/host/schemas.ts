// Argument schemas for every host method: the host validates what arrives from the renderer before acting on it
// (docs/architecture.md#the-host-contract), because in the browser edition anything on the machine could try to call
// the API.

import { z } from 'zod';
import {
  agentIdSchema,
  agentSettingsChangeSchema,
  exchangeIdSchema,
  libraryEntrySchema,
  openAgentRequestSchema,
  operationRequestSchema,
  rawAgentRequestSchema,
} from './agentSchemas';
import { bindings, generations } from '../a2a/generation';
import { base64Chars, OPEN_EXTERNALLY_MAX_BYTES, type HostApi, type HostMethod } from './hostApi';
import { STORED_READ_MAX_BYTES } from '../wire/storedString';
import { SEARCH_QUERY_MAX } from '../search/textMatch';

// RFC 9110 token characters: anything else cannot be a method or a header name on the wire.
const token = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// RFC 9110 §5.5 field values: visible ASCII, space, tab and obs-text. CR, LF, NUL and other controls would split
// the request (header injection) or be refused by Node.
const fieldValue = /^[\t\x20-\x7e\x80-\xff]*$/;

const MAX_URL = 64 * 1024;
const MAX_BODY_CHARS = 64 * 1024 * 1024;
const ONE_HOUR_MS = 60 * 60 * 1000;

const timeoutMs = z.number().int().positive().max(ONE_HOUR_MS);

function isOrigin(value: string): boolean {
  try {
    return new URL(value).origin === value;
  } catch {
    return false;
  }
}

/** The other origin a sign-out named, which the user chose to revoke at (AUTH-3): an origin, nothing more. */
const revokeAtSchema = z.string().max(4096, 'revokeAt is longer than 4 KiB.').refine(isOrigin, {
  message: 'revokeAt must be an origin such as https://auth.example, with no path.',
});

export const rawRequestSchema = z
  .object({
    method: z.string().regex(token, 'The method must be an HTTP token such as GET or POST.'),
    url: z.string().min(1, 'The URL is empty.').max(MAX_URL, 'The URL is longer than 64 KiB.'),
    headers: z
      .array(
        z.tuple([
          z.string().regex(token, 'A header name may contain only token characters.'),
          z
            .string()
            .regex(
              fieldValue,
              'A header value may contain only visible characters, spaces and tabs (no CR, LF or other controls).',
            ),
        ]),
      )
      .max(1000)
      .optional(),
    body: z
      .union([
        z.object({ text: z.string().max(MAX_BODY_CHARS) }).strict(),
        z
          .object({
            base64: z
              .string()
              .max(MAX_BODY_CHARS)
              .regex(/^[A-Za-z0-9+/]*={0,2}$/),
          })
          .strict(),
      ])
      .optional(),
    timeouts: z
      .object({
        connectMs: timeoutMs.optional(),
        firstByteMs: timeoutMs.optional(),
        totalMs: timeoutMs.optional(),
      })
      .strict()
      .optional(),
    maxBodyBytes: z
      .number()
      .int()
      .positive()
      .max(1024 * 1024 * 1024)
      .optional(),
    secretHeaders: z
      .array(z.string().regex(token, 'A secret header name may contain only token characters.'))
      .max(100)
      .optional(),
    source: z.string().max(200).optional(),
  })
  .strict();

/** Session text the renderer may hand over (a dropped file); larger files open by path. */
export const SESSION_TEXT_MAX_CHARS = 200 * 1024 * 1024;
const sessionIdSchema = z.object({ sessionId: z.string().min(1).max(100) });
/** The id a cancellable call carries (UX-5): the renderer picks it, `cancelOperation` names it. */
const opIdSchema = z.string().min(1).max(100).optional();
/** A page of a session (frames or rows): where to start and how many, up to `max`. */
const sessionPage = (max: number) =>
  sessionIdSchema.extend({ from: z.number().int().min(0), count: z.number().int().min(1).max(max) }).strict();

type ArgSchemas = { [K in HostMethod]: z.ZodType<Parameters<HostApi[K]>> };

export const hostArgSchemas: ArgSchemas = {
  getInfo: z.tuple([]),
  bootstrap: z.tuple([]),
  fetchRaw: z.tuple([rawRequestSchema]),
  openAgent: z.tuple([openAgentRequestSchema]),
  configureAgent: z.tuple([agentIdSchema.extend({ settings: agentSettingsChangeSchema }).strict()]),
  trustOrigin: z.tuple([agentIdSchema.extend({ origin: z.string().min(1).max(4096) }).strict()]),
  runOperation: z.tuple([operationRequestSchema]),
  closeStream: z.tuple([exchangeIdSchema]),
  awaitStream: z.tuple([exchangeIdSchema]),
  resyncTask: z.tuple([agentIdSchema.extend({ taskId: z.string().min(1).max(1000) }).strict()]),
  forgetAgent: z.tuple([agentIdSchema]),
  startSignIn: z.tuple([agentIdSchema]),
  awaitSignIn: z.tuple([z.object({ flowId: z.string().min(1).max(100) }).strict()]),
  tokenStatus: z.tuple([agentIdSchema.extend({ reveal: z.boolean().optional() }).strict()]),
  signOut: z.tuple([agentIdSchema.extend({ revokeAt: revokeAtSchema.optional() }).strict()]),
  openCard: z.tuple([
    z
      .object({
        text: z.string().max(16 * 1024 * 1024),
        name: z.string().min(1).max(1000),
        settings: agentSettingsChangeSchema.optional(),
      })
      .strict(),
  ]),
  sendRaw: z.tuple([rawAgentRequestSchema]),
  loadLibrary: z.tuple([]),
  saveLibrary: z.tuple([z.object({ entries: z.array(libraryEntrySchema).max(10_000) }).strict()]),
  startDemoAgent: z.tuple([]),
  createPushTarget: z.tuple([
    z
      .object({
        agentId: z.string().min(1).max(1000),
        mode: z.enum(['token', 'bearer', 'jwt']),
        jwksUrl: z
          .url({ protocol: /^https?$/ })
          .max(64 * 1024)
          .optional(),
      })
      .strict(),
  ]),
  listPushTargets: z.tuple([z.object({ agentId: z.string().min(1).max(1000).optional() }).strict()]),
  deletePushTarget: z.tuple([z.object({ id: z.string().min(1).max(100) }).strict()]),
  webhookStatus: z.tuple([]),
  setWebhookListener: z.tuple([
    z
      .object({
        host: z.union([z.ipv4(), z.ipv6(), z.literal('localhost')]),
        port: z.number().int().min(0).max(65_535).optional(),
      })
      .strict(),
  ]),
  openSession: z.tuple([
    z.union([
      z.object({ path: z.string().min(1).max(4096), opId: opIdSchema }).strict(),
      z
        .object({
          text: z.string().max(SESSION_TEXT_MAX_CHARS),
          name: z.string().min(1).max(1000),
          opId: opIdSchema,
        })
        .strict(),
    ]),
  ]),
  readSessionFrames: z.tuple([sessionPage(100_000)]),
  readSessionRows: z.tuple([sessionPage(10_000)]),
  findSessionRow: z.tuple([
    sessionIdSchema.extend({ text: z.string().min(1).max(1000), from: z.number().int().min(0) }).strict(),
  ]),
  listSessionTasks: z.tuple([sessionIdSchema.strict()]),
  readSessionTask: z.tuple([
    sessionIdSchema
      .extend({ taskId: z.string().min(1).max(1000), agentId: z.string().max(1000).optional() })
      .strict(),
  ]),
  closeSession: z.tuple([sessionIdSchema]),
  searchSession: z.tuple([
    sessionIdSchema
      .extend({
        text: z.string().max(SEARCH_QUERY_MAX),
        caseSensitive: z.boolean().optional(),
        filters: z
          .object({
            kinds: z
              .array(z.enum(['http', 'sse', 'webhook']))
              .max(3)
              .optional(),
            taskId: z.string().min(1).max(1000).optional(),
            state: z.string().min(1).max(200).optional(),
            operation: z.string().min(1).max(200).optional(),
          })
          .strict()
          .optional(),
        opId: opIdSchema,
      })
      .strict(),
  ]),
  cancelSearch: z.tuple([z.object({ searchId: z.string().min(1).max(100) }).strict()]),
  unlockSecrets: z.tuple([z.object({ passphrase: z.string().min(1).max(1024) }).strict()]),
  readStoredBytes: z.tuple([
    sessionIdSchema
      .extend({
        sha256: z.string().regex(/^[0-9a-f]{64}$/),
        offset: z.number().int().min(0),
        length: z.number().int().min(1).max(STORED_READ_MAX_BYTES),
      })
      .strict(),
  ]),
  saveSession: z.tuple([
    sessionIdSchema.extend({ title: z.string().max(200).optional(), opId: opIdSchema }).strict(),
  ]),
  exportSession: z.tuple([
    sessionIdSchema
      .extend({
        format: z.enum(['session', 'har']),
        redact: z.boolean().optional(),
        frameIds: z.array(z.string().min(1).max(200)).max(1_000_000).optional(),
        opId: opIdSchema,
      })
      .strict(),
  ]),
  listSessions: z.tuple([]),
  resendSession: z.tuple([
    sessionIdSchema
      .extend({
        agentId: z.string().min(1).max(1000),
        frameIds: z.array(z.string().min(1).max(200)).max(100_000).optional(),
        opId: opIdSchema,
      })
      .strict(),
  ]),
  startMockAgent: z.tuple([
    sessionIdSchema
      .extend({
        timing: z.enum(['original', 'compressed']).optional(),
        port: z.number().int().min(0).max(65_535).optional(),
      })
      .strict(),
  ]),
  stopMockAgent: z.tuple([z.object({ id: z.string().min(1).max(100) }).strict()]),
  listMockAgents: z.tuple([]),
  actsCatalog: z.tuple([]),
  startActs: z.tuple([
    z
      .object({
        agentId: z.string().min(1).max(1000),
        suites: z.array(z.string().min(1).max(200)).max(100).optional(),
        level: z.enum(['must', 'should', 'may']).optional(),
        interfaces: z
          .array(
            z
              .object({
                url: z.string().min(1).max(MAX_URL),
                generation: z.enum(generations),
                binding: z.enum(bindings),
              })
              .strict(),
          )
          .max(100)
          .optional(),
        bindings: z.array(z.enum(bindings)).max(10).optional(),
        behaviours: z.boolean().optional(),
        streamTimeoutMs: timeoutMs.optional(),
        variables: z.record(z.string().min(1).max(200), z.string().max(64 * 1024)).optional(),
        documents: z
          .object({
            files: z.record(z.string().min(1).max(1000), z.unknown()),
            entry: z.string().min(1).max(1000),
          })
          .strict()
          .optional(),
      })
      .strict(),
  ]),
  awaitActs: z.tuple([z.object({ runId: z.string().min(1).max(100) }).strict()]),
  stopActs: z.tuple([z.object({ runId: z.string().min(1).max(100) }).strict()]),
  runProbes: z.tuple([
    z
      .object({
        agentId: z.string().min(1).max(1000),
        probes: z.array(z.string().min(1).max(100)).max(100).optional(),
        opId: opIdSchema,
      })
      .strict(),
  ]),
  openExternally: z.tuple([
    z
      .object({
        mediaType: z.literal('application/pdf', {
          message: 'Only PDF files (application/pdf) can be opened externally.',
        }),
        source: z.union([
          z
            .object({
              base64: z
                .string()
                .min(1, 'The file is empty.')
                .max(base64Chars(OPEN_EXTERNALLY_MAX_BYTES), 'The file is too large to open externally.'),
            })
            .strict(),
          z
            .object({
              stored: sessionIdSchema
                .extend({
                  sha256: z.string().regex(/^[0-9a-f]{64}$/),
                  offset: z.number().int().min(0),
                  length: z
                    .number()
                    .int()
                    .min(1)
                    .max(
                      2 * base64Chars(OPEN_EXTERNALLY_MAX_BYTES),
                      'The file is too large to open externally.',
                    ),
                })
                .strict(),
            })
            .strict(),
        ]),
      })
      .strict(),
  ]),
  cancelOperation: z.tuple([z.object({ opId: z.string().min(1).max(100) }).strict()]),
  checkCard: z.tuple([
    z
      .object({
        text: z.string().max(16 * 1024 * 1024),
        cardUrl: z
          .string()
          .max(64 * 1024)
          .optional(),
      })
      .strict(),
  ]),
  checkRequestBody: z.tuple([
    z
      .object({
        generation: z.string().min(1).max(20),
        binding: z.string().min(1).max(20),
        operation: z.string().min(1).max(40),
        body: z.string().max(16 * 1024 * 1024),
      })
      .strict(),
  ]),
  startProxy: z.tuple([
    z
      .object({
        upstream: z
          .string()
          .min(1, 'Type the agent to proxy: its card URL or its base URL.')
          .max(8 * 1024, 'The upstream URL is longer than 8 KiB.'),
        port: z
          .number()
          .int('The port must be a whole number.')
          .min(0, 'The port must be from 1 to 65535.')
          .max(65_535, 'The port must be from 1 to 65535.')
          .optional(),
        injectTrace: z.boolean().optional(),
        routePush: z.boolean().optional(),
        replaceWith: z.string().min(1).max(4096).optional(),
      })
      .strict(),
  ]),
  stopProxy: z.tuple([z.object({ id: z.string().min(1).max(100) }).strict()]),
  listProxies: z.tuple([]),
  setProxyFaultRules: z.tuple([
    z
      .object({
        id: z.string().min(1).max(100),
        // The rules' shape is the fault-rule parser's to judge (with a message a user can act on); here only size.
        rules: z.unknown().refine((rules) => jsonChars(rules) <= MAX_FAULT_RULES_CHARS, {
          message: 'The fault rules are longer than 256 KiB.',
        }),
      })
      .strict(),
  ]),
};

const MAX_FAULT_RULES_CHARS = 256 * 1024;

/** Characters of a value as JSON; anything JSON cannot say counts as too long. */
function jsonChars(value: unknown): number {
  try {
    return JSON.stringify(value ?? null).length;
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
