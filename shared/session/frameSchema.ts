// The shape a frame must have to be let in from a file (SES-2): session files and HAR imports are untrusted input,
// and every view reads frames without further checks, so a frame of the wrong shape is refused here with its
// position rather than crashing a view later. Fields the views do not read are let through untouched (objects are
// loose), so a file written by a newer patch release with an extra field still opens.

import { z } from 'zod';
import { proxiedSchema } from '../proxy/proxiedSchema';

const text = z.string();
const epochMs = z.number().finite();
const headerList = z.array(z.tuple([z.string(), z.string()]));

export const bodyBytesSchema = z.looseObject({
  base64: z.string(),
  text,
  size: z.number().int().min(0),
  utf8Valid: z.boolean(),
  truncated: z.object({ limit: z.number(), seen: z.number() }).optional(),
  stored: z
    .object({
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      text: z.enum(['reduced', 'head']),
      strings: z.number().int().min(0),
    })
    .optional(),
});

const findingSchema = z.looseObject({
  rule: z.string(),
  severity: z.enum(['error', 'warning', 'info']),
  message: z.string(),
  pointer: z.string().optional(),
  line: z.number().optional(),
  column: z.number().optional(),
  offset: z.number().optional(),
  spec: z.string().optional(),
  specUrl: z.string().optional(),
});

const timingSchema = z.looseObject({
  start: epochMs,
  connected: epochMs.optional(),
  firstByte: epochMs.optional(),
  end: epochMs.optional(),
});

const requestSchema = z.looseObject({
  method: z.string(),
  url: z.string(),
  headers: headerList,
  body: bodyBytesSchema.optional(),
});

const remoteSchema = z.looseObject({ address: z.string(), port: z.number() });

const secretMarkSchema = z.union([
  z.object({ in: z.enum(['request-header', 'query', 'cookie', 'form']), name: z.string() }),
  z.object({ in: z.literal('request-json'), key: z.string() }),
  z.object({ in: z.literal('response-json'), pointer: z.string() }),
]);

const base = {
  id: z.string().min(1).max(200),
  timing: timingSchema,
  source: z.string(),
  findings: z.array(findingSchema).optional(),
};

export const httpFrameSchema = z.looseObject({
  ...base,
  kind: z.literal('http'),
  rev: z.number().int().min(0).optional(),
  state: z.enum(['pending', 'streaming', 'done']).optional(),
  request: requestSchema,
  response: z
    .looseObject({
      status: z.number().int(),
      statusText: z.string(),
      httpVersion: z.string(),
      headers: headerList,
      body: bodyBytesSchema,
    })
    .optional(),
  error: z
    .looseObject({ kind: z.string(), label: z.string(), message: z.string(), code: z.string().optional() })
    .optional(),
  remote: remoteSchema.optional(),
  connection: z.looseObject({}).optional(),
  stream: z
    .looseObject({
      bytes: z.number(),
      events: z.number(),
      emptyBlocks: z.number(),
      ended: z.enum(['complete', 'closed-by-user', 'error']).optional(),
    })
    .optional(),
  a2a: z
    .looseObject({
      agentId: z.string(),
      operation: z.string(),
      generation: z.string(),
      binding: z.string(),
      rpc: z.looseObject({ method: z.string(), id: z.union([z.string(), z.number()]) }).optional(),
      taskId: z.string().optional(),
      contextId: z.string().optional(),
      outcome: z.enum(['result', 'error', 'stream', 'invalid']).optional(),
    })
    .optional(),
  secrets: z.array(secretMarkSchema).optional(),
  proxied: proxiedSchema.optional(),
});

export const sseFrameSchema = z.looseObject({
  ...base,
  kind: z.literal('sse'),
  exchangeId: z.string(),
  seq: z.number().int().min(0),
  offset: z.object({ start: z.number(), end: z.number() }),
  raw: z.string(),
  rawBase64: z.string().optional(),
  dispatched: z.boolean(),
  event: z
    .looseObject({
      index: z.number(),
      type: z.string(),
      data: z.string(),
      id: z.string().optional(),
      retry: z.number().optional(),
    })
    .optional(),
  comments: z.array(z.string()).optional(),
  json: z.unknown().optional(),
  a2a: z
    .looseObject({
      item: z.string(),
      taskId: z.string().optional(),
      contextId: z.string().optional(),
      state: z.string().optional(),
      final: z.boolean().optional(),
    })
    .optional(),
  proxied: proxiedSchema.optional(),
});

export const webhookFrameSchema = z.looseObject({
  ...base,
  kind: z.literal('webhook'),
  targetId: z.string().optional(),
  agentId: z.string().optional(),
  request: requestSchema,
  response: z.looseObject({ status: z.number().int(), headers: headerList, body: bodyBytesSchema }),
  verdict: z.looseObject({
    accepted: z.boolean(),
    status: z.number().int(),
    reason: z.string(),
    auth: z.enum(['token', 'bearer', 'jwt', 'none']).optional(),
  }),
  remote: remoteSchema.optional(),
  a2a: z
    .looseObject({
      generation: z.string().optional(),
      item: z.string().optional(),
      taskId: z.string().optional(),
      contextId: z.string().optional(),
      state: z.string().optional(),
      duplicate: z.boolean().optional(),
      unknownTask: z.boolean().optional(),
    })
    .optional(),
});

export const frameSchema = z.discriminatedUnion('kind', [
  httpFrameSchema,
  sseFrameSchema,
  webhookFrameSchema,
]);
