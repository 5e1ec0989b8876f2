// The ACTS model (the A2A Conformance Test Specification, draft 0.1.0): documents, suites, tests, steps and the
// expectations they carry, after loadActs.ts has checked and normalized them. Assertions stay plain JSON values: their
// meaning depends on where they sit, and assertions.ts reads them. Names follow the ACTS files (snake_case) so a
// reader can hold a test file and this model side by side.

import type { Generation } from '../a2a/generation';

/**
 * The A2A generation ACTS 0.1.0 was written for: its raw steps are requests of this generation, and its assertions
 * read this generation's wire names. On other generations the runner asserts on Switchboard's decoding instead.
 */
export const ACTS_GENERATION: Generation = '1.0';

export const LEVELS = ['must', 'should', 'may'] as const;
export type Level = (typeof LEVELS)[number];

export const TRANSPORTS = ['jsonrpc', 'rest', 'grpc'] as const;
export type Transport = (typeof TRANSPORTS)[number];

export const OPERATIONS = [
  'send_message',
  'send_streaming_message',
  'get_task',
  'list_tasks',
  'cancel_task',
  'subscribe_to_task',
  'get_agent_card',
  'get_extended_agent_card',
  'create_push_config',
  'get_push_config',
  'list_push_configs',
  'delete_push_config',
] as const;
export type ActsOperation = (typeof OPERATIONS)[number];

export const ERROR_TYPES = [
  'TaskNotFoundError',
  'TaskNotCancelableError',
  'UnsupportedOperationError',
  'ContentTypeNotSupportedError',
  'InvalidParamsError',
  'VersionNotSupportedError',
  'PushNotificationNotSupportedError',
  'StreamingNotSupportedError',
  'ExtensionSupportRequiredError',
  'ExtendedCardNotSupportedError',
  'JSONParseError',
  'MethodNotFoundError',
  'InternalError',
] as const;
export type ActsErrorType = (typeof ERROR_TYPES)[number];

/** Any assertion: a bare value (exact match), an operator map, a nested map or a list (see assertions.ts). */
export type Assertion = unknown;

export interface ExpectBlock {
  status?: Assertion;
  /** Assertions on the response: the unwrapped A2A object for operations, the raw body for raw steps. */
  body?: Record<string, Assertion>;
}

export interface ExpectError {
  /** An abstract error name, or an assertion over the names (`code: {one_of: [...]}` in the official files). */
  type?: Assertion;
  message?: Assertion;
  details?: Record<string, Assertion>;
}

export interface EventAssertion {
  description?: string;
  match: 'exact_position' | 'any_position';
  index?: number;
  /** Everything else of the entry: payload assertions (`status_update: …`) and operators on the event. */
  assertion: Record<string, Assertion>;
}

export interface ExpectStream {
  min_count?: number;
  max_count?: number;
  timeout_ms?: number;
  ordering?: 'monotonic_state';
  events?: EventAssertion[];
  final_event?: Assertion;
  each_event?: Assertion;
}

export interface CollectionMatch {
  path: string;
  match: Record<string, Assertion>;
}

export interface NamedAssertion {
  id?: string;
  description?: string;
  source: string;
  path?: string;
  match?: Assertion;
  any?: CollectionMatch;
  all?: CollectionMatch;
  none?: CollectionMatch;
}

export interface RepeatConfig {
  until: string;
  max_attempts: number;
  delay_ms: number;
  backoff: 'none' | 'linear' | 'exponential';
}

interface StepBase {
  id: string;
  description?: string;
  capture?: Record<string, string>;
  assertions?: NamedAssertion[];
}

export interface OperationStep extends StepBase {
  kind: 'operation';
  operation: ActsOperation;
  /** The name the file used, when it was an alias (`set_push_notification_config`). */
  operationAsWritten: string;
  params: Record<string, unknown>;
  expect?: ExpectBlock;
  expect_error?: ExpectError;
  expect_stream?: ExpectStream;
  repeat?: RepeatConfig;
  delay_ms?: number;
}

export interface RawStep extends StepBase {
  kind: 'raw';
  raw: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: unknown;
    body_raw?: string;
  };
  expect?: ExpectBlock;
  expect_error?: ExpectError;
  expect_stream?: ExpectStream;
}

export interface ClientStep extends StepBase {
  kind: 'client';
  client_response: { operation: ActsOperation; wire_payload: unknown };
  expect_parsed: Record<string, Assertion>;
}

export interface AssertionStep {
  kind: 'assertion';
  id: string;
  description?: string;
  assertion: NamedAssertion;
}

export type ActsStep = OperationStep | RawStep | ClientStep | AssertionStep;

export interface Preconditions {
  capabilities?: Record<string, unknown>;
  skills?: string[];
  transport?: Transport[];
  extensions?: string[];
  description?: string;
}

export interface ActsTest {
  id: string;
  name: string;
  description?: string;
  spec_ref?: string;
  level: Level;
  tags: string[];
  transport?: Transport[];
  preconditions?: Preconditions;
  requires_behaviors: string[];
  runner_requirements: string[];
  steps: ActsStep[];
  assertions: NamedAssertion[];
}

export interface ActsSuite {
  id: string;
  name: string;
  description?: string;
  tags: string[];
  tests: ActsTest[];
  /** The file the suite came from, and that file's document variables. */
  file: string;
  variables: Record<string, string>;
  spec_version: string;
}

/** Every suite of a master file and its includes, in order. */
export interface ActsCollection {
  acts_version: string;
  spec_version: string;
  title?: string;
  suites: ActsSuite[];
}
