// Reads ACTS documents (parsed YAML or JSON) into the checked model of actsTypes.ts, as ACTS §12.1 asks of a runner:
// the structure is validated before any test runs, and every problem is reported with where it is.
//
// The official test files go beyond the specification's grammar in a few places, always in an obvious direction, and
// the runner reads them as meant rather than refusing 40 of the 111 tests:
// - `expect_error.code` for `error_type` (an assertion over error names, `one_of` included), `data` for `details`;
// - `set_push_notification_config` and the other push operations under their JSON-RPC-era names;
// - `get_agent_card` with `params: {extended: true}` for `get_extended_agent_card`;
// - keys of `expect` other than `status` and `body` (`expect: {task: …}`) as assertions on the body;
// - `items` as an operator (in assertions.ts).
// docs/conformance.md lists these readings.

import {
  ERROR_TYPES,
  LEVELS,
  OPERATIONS,
  TRANSPORTS,
  type ActsCollection,
  type ActsOperation,
  type ActsStep,
  type ActsSuite,
  type ActsTest,
  type CollectionMatch,
  type EventAssertion,
  type ExpectBlock,
  type ExpectError,
  type ExpectStream,
  type NamedAssertion,
  type Preconditions,
  type RepeatConfig,
  type Transport,
} from './actsTypes';

/** The ACTS format major version this runner reads (ACTS §17: a runner rejects other majors). */
export const ACTS_MAJOR = 1;

const OPERATION_ALIASES: Record<string, ActsOperation> = {
  set_push_notification_config: 'create_push_config',
  create_push_notification_config: 'create_push_config',
  get_push_notification_config: 'get_push_config',
  list_push_notification_configs: 'list_push_configs',
  delete_push_notification_config: 'delete_push_config',
};

export type LoadResult = { ok: true; collection: ActsCollection } | { ok: false; problems: string[] };

type Obj = Record<string, unknown>;

function isObj(value: unknown): value is Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Collects problems with the path they were found at; nothing throws. */
class Reader {
  readonly problems: string[] = [];

  constructor(readonly file: string) {}

  problem(path: string, message: string): void {
    this.problems.push(`${this.file}${path ? ` at ${path}` : ''}: ${message}`);
  }

  text(value: unknown, path: string, required = true): string | undefined {
    if (value === undefined && !required) return undefined;
    if (typeof value === 'string' && value.length > 0) return value;
    this.problem(path, value === undefined ? 'is missing' : `must be a non-empty string, not ${show(value)}`);
    return undefined;
  }

  int(value: unknown, path: string, min = 0): number | undefined {
    if (value === undefined) return undefined;
    if (typeof value === 'number' && Number.isInteger(value) && value >= min) return value;
    this.problem(path, `must be a whole number ≥ ${min}, not ${show(value)}`);
    return undefined;
  }

  obj(value: unknown, path: string): Obj | undefined {
    if (isObj(value)) return value;
    this.problem(path, value === undefined ? 'is missing' : `must be a map, not ${show(value)}`);
    return undefined;
  }

  list(value: unknown, path: string, required = true): unknown[] | undefined {
    if (value === undefined && !required) return undefined;
    if (Array.isArray(value)) return value;
    this.problem(path, value === undefined ? 'is missing' : `must be a list, not ${show(value)}`);
    return undefined;
  }

  texts(value: unknown, path: string): string[] {
    const list = this.list(value, path, false) ?? [];
    return list.flatMap((item, i) => {
      const text = this.text(item, `${path}[${i}]`);
      return text === undefined ? [] : [text];
    });
  }

  stringMap(value: unknown, path: string): Record<string, string> {
    if (value === undefined) return {};
    const map = this.obj(value, path);
    const out: Record<string, string> = {};
    for (const [key, item] of Object.entries(map ?? {})) {
      if (typeof item === 'string') out[key] = item;
      else if (typeof item === 'number' || typeof item === 'boolean') out[key] = String(item);
      else this.problem(`${path}.${key}`, `must be a string, not ${show(item)}`);
    }
    return out;
  }
}

function show(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
}

/**
 * Loads a master document and its includes. `files` maps file names to parsed documents (the vendored bundle, or
 * files a user gave); `entry` names the first one. An include names another key of `files`.
 */
export function loadActs(files: Readonly<Record<string, unknown>>, entry: string): LoadResult {
  const problems: string[] = [];
  const suites: ActsSuite[] = [];
  let header: { acts_version: string; spec_version: string; title?: string } | undefined;
  const seen = new Set<string>();

  const visit = (name: string, inheritedVariables: Record<string, string>) => {
    if (seen.has(name)) {
      problems.push(`${name}: included twice (or in a cycle); read once.`);
      return;
    }
    seen.add(name);
    const doc = files[name];
    if (doc === undefined) {
      problems.push(`${name}: no such ACTS file.`);
      return;
    }
    const reader = new Reader(name);
    const root = reader.obj(doc, '');
    if (!root) {
      problems.push(...reader.problems);
      return;
    }
    const actsVersion = reader.text(root.acts_version, 'acts_version');
    const specVersion = reader.text(root.spec_version, 'spec_version');
    if (actsVersion !== undefined) {
      const major = Number.parseInt(actsVersion, 10);
      if (major !== ACTS_MAJOR)
        reader.problem(
          'acts_version',
          `is ${JSON.stringify(actsVersion)}; this runner reads ACTS ${ACTS_MAJOR}.x documents only`,
        );
    }
    const variables = { ...inheritedVariables, ...reader.stringMap(root.variables, 'variables') };
    const metadata = isObj(root.metadata) ? root.metadata : {};
    if (!header && actsVersion && specVersion) {
      header = {
        acts_version: actsVersion,
        spec_version: specVersion,
        ...(typeof metadata.title === 'string' ? { title: metadata.title } : {}),
      };
    }
    const includes = reader.list(root.include, 'include', false);
    const ownSuites = reader.list(root.suites, 'suites', false);
    if (!includes && !ownSuites) reader.problem('', 'has neither `suites` nor `include` (ACTS §2 needs one)');
    for (const [i, suite] of (ownSuites ?? []).entries()) {
      const read = readSuite(reader, suite, `suites[${i}]`, name, variables, specVersion ?? '');
      if (read) suites.push(read);
    }
    problems.push(...reader.problems);
    for (const [i, include] of (includes ?? []).entries()) {
      if (typeof include !== 'string') problems.push(`${name} at include[${i}]: must be a file name.`);
      else visit(include, variables);
    }
  };
  visit(entry, {});

  const ids = new Map<string, string>();
  for (const suite of suites) {
    if (ids.has(`suite:${suite.id}`)) problems.push(`${suite.file}: suite id ${suite.id} is used twice.`);
    ids.set(`suite:${suite.id}`, suite.file);
  }
  if (!header) problems.push(`${entry}: no acts_version and spec_version to read.`);
  if (problems.length > 0 || !header) return { ok: false, problems };
  return { ok: true, collection: { ...header, suites } };
}

function readSuite(
  reader: Reader,
  value: unknown,
  path: string,
  file: string,
  variables: Record<string, string>,
  specVersion: string,
): ActsSuite | undefined {
  const suite = reader.obj(value, path);
  if (!suite) return undefined;
  const id = reader.text(suite.id, `${path}.id`);
  const name = reader.text(suite.name, `${path}.name`);
  const tags = reader.texts(suite.tags, `${path}.tags`);
  const tests: ActsTest[] = [];
  const testIds = new Set<string>();
  for (const [i, test] of (reader.list(suite.tests, `${path}.tests`) ?? []).entries()) {
    const read = readTest(reader, test, `${path}.tests[${i}]`, tags);
    if (!read) continue;
    if (testIds.has(read.id))
      reader.problem(`${path}.tests[${i}].id`, `${read.id} is used twice in the suite`);
    testIds.add(read.id);
    tests.push(read);
  }
  if (id === undefined || name === undefined) return undefined;
  return {
    id,
    name,
    ...(typeof suite.description === 'string' ? { description: suite.description } : {}),
    tags,
    tests,
    file,
    variables,
    spec_version: specVersion,
  };
}

function readTest(reader: Reader, value: unknown, path: string, suiteTags: string[]): ActsTest | undefined {
  const test = reader.obj(value, path);
  if (!test) return undefined;
  const id = reader.text(test.id, `${path}.id`);
  const name = reader.text(test.name, `${path}.name`);
  const level = test.level;
  if (!(LEVELS as readonly unknown[]).includes(level))
    reader.problem(`${path}.level`, `must be one of ${LEVELS.join(', ')}, not ${show(level)}`);
  const transport = readTransports(reader, test.transport, `${path}.transport`);
  const steps: ActsStep[] = [];
  const stepIds = new Set<string>();
  const rawSteps = reader.list(test.steps, `${path}.steps`) ?? [];
  if (rawSteps.length === 0) reader.problem(`${path}.steps`, 'needs at least one step');
  for (const [i, step] of rawSteps.entries()) {
    const read = readStep(reader, step, `${path}.steps[${i}]`);
    if (!read) continue;
    if (stepIds.has(read.id))
      reader.problem(`${path}.steps[${i}].id`, `${read.id} is used twice in the test`);
    stepIds.add(read.id);
    steps.push(read);
  }
  const onlyRaw = steps.length > 0 && steps.every((step) => step.kind === 'raw');
  if (onlyRaw && !transport)
    reader.problem(`${path}.transport`, 'is needed: every step is a raw wire step (ACTS §4.4)');
  if (id === undefined || name === undefined || !(LEVELS as readonly unknown[]).includes(level))
    return undefined;
  const preconditions = readPreconditions(reader, test.preconditions, `${path}.preconditions`);
  return {
    id,
    name,
    ...(typeof test.description === 'string' ? { description: test.description.trim() } : {}),
    ...(typeof test.spec_ref === 'string' ? { spec_ref: test.spec_ref } : {}),
    level: level as ActsTest['level'],
    tags: [...suiteTags, ...reader.texts(test.tags, `${path}.tags`)],
    ...(transport ? { transport } : {}),
    ...(preconditions ? { preconditions } : {}),
    requires_behaviors: reader.texts(test.requires_behaviors, `${path}.requires_behaviors`),
    runner_requirements: reader.texts(test.runner_requirements, `${path}.runner_requirements`),
    steps,
    assertions: readNamedAssertions(reader, test.assertions, `${path}.assertions`),
  };
}

function readTransports(reader: Reader, value: unknown, path: string): Transport[] | undefined {
  if (value === undefined) return undefined;
  const list = reader.list(value, path) ?? [];
  const out: Transport[] = [];
  for (const [i, item] of list.entries()) {
    if ((TRANSPORTS as readonly unknown[]).includes(item)) out.push(item as Transport);
    else reader.problem(`${path}[${i}]`, `must be one of ${TRANSPORTS.join(', ')}, not ${show(item)}`);
  }
  return out;
}

function readPreconditions(reader: Reader, value: unknown, path: string): Preconditions | undefined {
  if (value === undefined) return undefined;
  const pre = reader.obj(value, path);
  if (!pre) return undefined;
  const out: Preconditions = {};
  if (pre.capabilities !== undefined) {
    const caps = reader.obj(pre.capabilities, `${path}.capabilities`);
    if (caps) out.capabilities = caps;
  }
  if (pre.skills !== undefined) {
    out.skills = (reader.list(pre.skills, `${path}.skills`) ?? []).flatMap((skill, i) => {
      const id = isObj(skill) ? skill.id : skill;
      const text = reader.text(id, `${path}.skills[${i}].id`);
      return text === undefined ? [] : [text];
    });
  }
  const transport = readTransports(reader, pre.transport, `${path}.transport`);
  if (transport) out.transport = transport;
  if (pre.extensions !== undefined) out.extensions = reader.texts(pre.extensions, `${path}.extensions`);
  if (typeof pre.description === 'string') out.description = pre.description;
  return out;
}

function readStep(reader: Reader, value: unknown, path: string): ActsStep | undefined {
  const step = reader.obj(value, path);
  if (!step) return undefined;
  const id = reader.text(step.id, `${path}.id`);
  if (id === undefined) return undefined;
  const description = typeof step.description === 'string' ? { description: step.description } : {};
  const kinds = ['operation', 'raw', 'client_response', 'assertion'].filter((key) => step[key] !== undefined);
  if (kinds.length !== 1) {
    reader.problem(
      path,
      kinds.length === 0
        ? 'is no step: it needs one of operation, raw, client_response or assertion'
        : `mixes ${kinds.join(' and ')}; a step is one of them`,
    );
    return undefined;
  }
  const common = {
    id,
    ...description,
    ...(step.capture !== undefined ? { capture: reader.stringMap(step.capture, `${path}.capture`) } : {}),
    ...(step.assertions !== undefined
      ? { assertions: readNamedAssertions(reader, step.assertions, `${path}.assertions`) }
      : {}),
  };
  if (step.assertion !== undefined) {
    const assertion = readNamedAssertion(reader, step.assertion, `${path}.assertion`);
    return assertion ? { kind: 'assertion', id, ...description, assertion } : undefined;
  }
  if (step.client_response !== undefined) {
    const response = reader.obj(step.client_response, `${path}.client_response`);
    const operation = readOperation(reader, response?.operation, `${path}.client_response.operation`);
    const expectParsed = reader.obj(step.expect_parsed, `${path}.expect_parsed`);
    if (!response || !operation || !expectParsed) return undefined;
    if (!('wire_payload' in response)) reader.problem(`${path}.client_response.wire_payload`, 'is missing');
    return {
      kind: 'client',
      ...common,
      client_response: { operation: operation.operation, wire_payload: response.wire_payload },
      expect_parsed: expectParsed,
    };
  }
  const expectations = readExpectations(reader, step, path);
  if (step.raw !== undefined) {
    const raw = reader.obj(step.raw, `${path}.raw`);
    if (!raw) return undefined;
    const method = reader.text(raw.method, `${path}.raw.method`);
    const rawPath = reader.text(raw.path, `${path}.raw.path`);
    if (raw.body !== undefined && raw.body_raw !== undefined)
      reader.problem(`${path}.raw`, 'has both body and body_raw; a request has one body');
    if (raw.body_raw !== undefined && typeof raw.body_raw !== 'string')
      reader.problem(`${path}.raw.body_raw`, 'must be a string');
    if (method === undefined || rawPath === undefined) return undefined;
    return {
      kind: 'raw',
      ...common,
      raw: {
        method: method.toUpperCase(),
        path: rawPath,
        headers: reader.stringMap(raw.headers, `${path}.raw.headers`),
        ...(raw.body !== undefined ? { body: raw.body } : {}),
        ...(typeof raw.body_raw === 'string' ? { body_raw: raw.body_raw } : {}),
      },
      ...expectations,
    };
  }
  const operation = readOperation(reader, step.operation, `${path}.operation`);
  if (!operation) return undefined;
  const params = step.params === undefined ? {} : reader.obj(step.params, `${path}.params`);
  if (!params) return undefined;
  let op = operation.operation;
  const ownParams = { ...params };
  if (op === 'get_agent_card' && ownParams.extended === true) {
    op = 'get_extended_agent_card';
    delete ownParams.extended;
  }
  const repeat = readRepeat(reader, step.repeat, `${path}.repeat`);
  const delay = reader.int(step.delay_ms, `${path}.delay_ms`);
  return {
    kind: 'operation',
    ...common,
    operation: op,
    operationAsWritten: operation.asWritten,
    params: ownParams,
    ...expectations,
    ...(repeat ? { repeat } : {}),
    ...(delay !== undefined ? { delay_ms: delay } : {}),
  };
}

function readOperation(
  reader: Reader,
  value: unknown,
  path: string,
): { operation: ActsOperation; asWritten: string } | undefined {
  if (typeof value !== 'string') {
    reader.problem(path, `must name an operation, not ${show(value)}`);
    return undefined;
  }
  if ((OPERATIONS as readonly string[]).includes(value))
    return { operation: value as ActsOperation, asWritten: value };
  const alias = OPERATION_ALIASES[value];
  if (alias) return { operation: alias, asWritten: value };
  reader.problem(
    path,
    `${JSON.stringify(value)} is no ACTS operation (ACTS §4.1 lists ${OPERATIONS.join(', ')})`,
  );
  return undefined;
}

function readExpectations(
  reader: Reader,
  step: Obj,
  path: string,
): { expect?: ExpectBlock; expect_error?: ExpectError; expect_stream?: ExpectStream } {
  const out: { expect?: ExpectBlock; expect_error?: ExpectError; expect_stream?: ExpectStream } = {};
  if (step.expect !== undefined) {
    const expect = reader.obj(step.expect, `${path}.expect`);
    if (expect) {
      const block: ExpectBlock = {};
      if ('status' in expect) block.status = expect.status;
      const body: Record<string, unknown> = {};
      if (expect.body !== undefined) {
        const given = reader.obj(expect.body, `${path}.expect.body`);
        if (given) Object.assign(body, given);
      }
      // `expect: {task: …}`: keys beside status and body are body assertions.
      for (const [key, item] of Object.entries(expect))
        if (key !== 'status' && key !== 'body') body[key] = item;
      if (Object.keys(body).length > 0) block.body = body;
      out.expect = block;
    }
  }
  if (step.expect_error !== undefined) {
    const given = reader.obj(step.expect_error, `${path}.expect_error`);
    if (given) {
      if (given.error_type !== undefined && given.code !== undefined)
        reader.problem(`${path}.expect_error`, 'has both error_type and code; they say the same thing');
      const type = given.error_type ?? given.code;
      if (typeof type === 'string' && !(ERROR_TYPES as readonly string[]).includes(type))
        reader.problem(`${path}.expect_error`, `${JSON.stringify(type)} is no ACTS error type`);
      const details = given.details ?? given.data;
      const error: ExpectError = {};
      if (type !== undefined) error.type = type;
      if (given.message !== undefined) error.message = given.message;
      if (details !== undefined) {
        const map = isObj(details) ? details : undefined;
        if (map) error.details = map;
        // `data: {type: object}` asserts on the value itself: kept as an operator on the whole.
        else reader.problem(`${path}.expect_error.details`, 'must be a map');
      }
      out.expect_error = error;
    }
  }
  if (out.expect && out.expect_error && out.expect.body)
    reader.problem(path, 'has both expect with a body and expect_error; ACTS §4 makes them exclusive');
  if (step.expect_stream !== undefined) {
    const stream = readStream(reader, step.expect_stream, `${path}.expect_stream`);
    if (stream) out.expect_stream = stream;
  }
  return out;
}

function readStream(reader: Reader, value: unknown, path: string): ExpectStream | undefined {
  const stream = reader.obj(value, path);
  if (!stream) return undefined;
  const out: ExpectStream = {};
  const min = reader.int(stream.min_count, `${path}.min_count`);
  const max = reader.int(stream.max_count, `${path}.max_count`);
  const timeout = reader.int(stream.timeout_ms, `${path}.timeout_ms`, 1);
  if (min !== undefined) out.min_count = min;
  if (max !== undefined) out.max_count = max;
  if (timeout !== undefined) out.timeout_ms = timeout;
  if (stream.ordering !== undefined) {
    if (stream.ordering === 'monotonic_state') out.ordering = 'monotonic_state';
    else reader.problem(`${path}.ordering`, `must be monotonic_state, not ${show(stream.ordering)}`);
  }
  if (stream.events !== undefined) {
    out.events = (reader.list(stream.events, `${path}.events`) ?? []).flatMap((event, i) => {
      const read = readEventAssertion(reader, event, `${path}.events[${i}]`);
      return read ? [read] : [];
    });
  }
  if (stream.final_event !== undefined) out.final_event = stream.final_event;
  if (stream.each_event !== undefined) out.each_event = stream.each_event;
  return out;
}

function readEventAssertion(reader: Reader, value: unknown, path: string): EventAssertion | undefined {
  const event = reader.obj(value, path);
  if (!event) return undefined;
  const match = event.match ?? 'exact_position';
  if (match !== 'exact_position' && match !== 'any_position') {
    reader.problem(`${path}.match`, `must be exact_position or any_position, not ${show(match)}`);
    return undefined;
  }
  const index = reader.int(event.index, `${path}.index`);
  const assertion: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(event))
    if (key !== 'description' && key !== 'match' && key !== 'index') assertion[key] = item;
  return {
    ...(typeof event.description === 'string' ? { description: event.description } : {}),
    match,
    ...(index !== undefined ? { index } : {}),
    assertion,
  };
}

function readRepeat(reader: Reader, value: unknown, path: string): RepeatConfig | undefined {
  if (value === undefined) return undefined;
  const repeat = reader.obj(value, path);
  if (!repeat) return undefined;
  const until = reader.text(repeat.until, `${path}.until`);
  const backoff = repeat.backoff ?? 'none';
  if (backoff !== 'none' && backoff !== 'linear' && backoff !== 'exponential')
    reader.problem(`${path}.backoff`, `must be none, linear or exponential, not ${show(backoff)}`);
  if (until === undefined) return undefined;
  return {
    until,
    max_attempts: reader.int(repeat.max_attempts, `${path}.max_attempts`, 1) ?? 10,
    delay_ms: reader.int(repeat.delay_ms, `${path}.delay_ms`) ?? 1000,
    backoff: backoff === 'linear' || backoff === 'exponential' ? backoff : 'none',
  };
}

function readNamedAssertions(reader: Reader, value: unknown, path: string): NamedAssertion[] {
  return (reader.list(value, path, false) ?? []).flatMap((item, i) => {
    const read = readNamedAssertion(reader, item, `${path}[${i}]`);
    return read ? [read] : [];
  });
}

function readNamedAssertion(reader: Reader, value: unknown, path: string): NamedAssertion | undefined {
  const item = reader.obj(value, path);
  if (!item) return undefined;
  const source = reader.text(item.source, `${path}.source`);
  if (source === undefined) return undefined;
  const out: NamedAssertion = { source };
  if (typeof item.id === 'string') out.id = item.id;
  if (typeof item.description === 'string') out.description = item.description;
  if (typeof item.path === 'string') out.path = item.path;
  if ('match' in item) out.match = item.match;
  for (const key of ['any', 'all', 'none'] as const) {
    if (item[key] === undefined) continue;
    const collection = readCollection(reader, item[key], `${path}.${key}`);
    if (collection) out[key] = collection;
  }
  if (out.match === undefined && !out.any && !out.all && !out.none)
    reader.problem(path, 'asserts nothing: it needs match, any, all or none');
  return out;
}

function readCollection(reader: Reader, value: unknown, path: string): CollectionMatch | undefined {
  const item = reader.obj(value, path);
  if (!item) return undefined;
  const collectionPath = reader.text(item.path, `${path}.path`);
  const match = reader.obj(item.match, `${path}.match`);
  return collectionPath !== undefined && match ? { path: collectionPath, match } : undefined;
}
