// The ACTS assertion language (ACTS §5): a bare value is an exact match, a map holds operators (`type`, `exists`,
// `one_of`, `count_gte` …) and field assertions one level down, a list asserts an array position by position. A map
// may mix both, as the official files do (`supportedInterfaces: {type: array, count_gte: 1, items: …}`); a key is an
// operator only when its value has the operator's type, so a response field called `type` or `status` is still
// reachable (`type: {type: string}` asserts on a field named type).
//
// `items` is not in ACTS §5.1's grammar but the official files use it: a list asserts positions, a map asserts every
// element. Values the runner knows only up to a set (an HTTP 400 could be any of six A2A errors) are `Alternatives`:
// an assertion passes when one of them satisfies it.

export interface AssertionFailure {
  /** Dot-path of the value that failed, from the assertion root ('' for the root itself). */
  path: string;
  message: string;
  expected: string;
  actual: string;
}

/** A value known only up to a set of candidates; `label` says what was really seen. */
export class Alternatives {
  constructor(
    readonly values: readonly unknown[],
    readonly label: string,
  ) {}
}

const TYPE_NAMES = ['string', 'number', 'boolean', 'array', 'object', 'null'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Alternatives);
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0;
const isText = (value: unknown): value is string => typeof value === 'string';
const isFlag = (value: unknown): value is boolean => typeof value === 'boolean';

/** Which keys are operators, each with the shape its value must have to be read as one. */
const OPERATOR_SHAPES: Record<string, (value: unknown) => boolean> = {
  type: (value) => isText(value) && (TYPE_NAMES as readonly string[]).includes(value),
  exists: isFlag,
  absent: isFlag,
  contains: (value) => !isObject(value) && !Array.isArray(value),
  matches: isText,
  starts_with: isText,
  ends_with: isText,
  gte: isNumber,
  lte: isNumber,
  gt: isNumber,
  lt: isNumber,
  count: isCount,
  count_gte: isCount,
  count_lte: isCount,
  one_of: Array.isArray,
  all_of: Array.isArray,
  any_of: Array.isArray,
  not: () => true,
  items: (value) => Array.isArray(value) || isObject(value),
};

/** True when the key of an assertion map is read as an operator (see the header). */
export function isOperator(key: string, value: unknown): boolean {
  const shape = OPERATOR_SHAPES[key];
  return shape !== undefined && shape(value);
}

export function typeName(value: unknown): string {
  if (value === undefined) return 'absent';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** A value as a short string for a report: JSON, cut at 200 characters. */
export function showValue(value: unknown): string {
  if (value === undefined) return '(absent)';
  if (value instanceof Alternatives) return value.label;
  if (typeof value === 'string') return clip(JSON.stringify(value));
  const text = JSON.stringify(value) ?? String(value);
  return clip(text);
}

function clip(text: string): string {
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

function join(path: string, key: string | number): string {
  if (typeof key === 'number') return `${path}[${key}]`;
  return path ? `${path}.${key}` : key;
}

/** Words describing an expectation ("at least 2 elements"), shown as they are rather than as a JSON value. */
class Words {
  constructor(readonly text: string) {}
}
const w = (text: string) => new Words(text);

function fail(path: string, message: string, expected: unknown, actual: unknown): AssertionFailure[] {
  return [{ path, message, expected: shown(expected), actual: shown(actual) }];
}

function shown(value: unknown): string {
  return value instanceof Words ? value.text : showValue(value);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a))
    return Array.isArray(b) && a.length === b.length && a.every((x, i) => deepEqual(x, b[i]));
  if (isObject(a) && isObject(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((key) => deepEqual(a[key], b[key]));
  }
  return false;
}

/** Evaluates one assertion against a value; an empty list means it passed. */
export function check(assertion: unknown, actual: unknown, path = ''): AssertionFailure[] {
  if (actual instanceof Alternatives) {
    let first: AssertionFailure[] | undefined;
    for (const candidate of actual.values) {
      const failures = check(assertion, candidate, path);
      if (failures.length === 0) return [];
      first ??= failures;
    }
    return (first ?? fail(path, 'no value to test', assertion, undefined)).map((failure) => ({
      ...failure,
      actual: actual.label,
    }));
  }
  if (Array.isArray(assertion)) return checkPositions(assertion, actual, path);
  if (isObject(assertion)) return checkMap(assertion, actual, path);
  if (deepEqual(assertion, actual)) return [];
  return fail(
    path,
    `${path || 'the value'} is ${showValue(actual)}, expected ${showValue(assertion)}`,
    assertion,
    actual,
  );
}

function checkPositions(assertions: readonly unknown[], actual: unknown, path: string): AssertionFailure[] {
  if (!Array.isArray(actual))
    return fail(
      path,
      `${path || 'the value'} should be a list, but is ${typeName(actual)}`,
      w('a list'),
      actual,
    );
  if (actual.length < assertions.length) {
    return fail(
      path,
      `${path || 'the list'} has ${actual.length} element${actual.length === 1 ? '' : 's'}; the assertion names ${assertions.length}`,
      w(`at least ${assertions.length} elements`),
      actual,
    );
  }
  return assertions.flatMap((item, i) => check(item, actual[i], join(path, i)));
}

function checkMap(assertion: Record<string, unknown>, actual: unknown, path: string): AssertionFailure[] {
  const failures: AssertionFailure[] = [];
  const fields: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(assertion)) {
    if (isOperator(key, value)) failures.push(...applyOperator(key, value, actual, path));
    else fields.push([key, value]);
  }
  if (fields.length === 0) return failures;
  const container = isObject(actual) ? actual : undefined;
  const fieldFailures = fields.flatMap(([key, value]) => check(value, container?.[key], join(path, key)));
  if (fieldFailures.length > 0 && !container) {
    // One clear failure at the parent instead of one per field of something that is not there.
    failures.push(
      ...fail(
        path,
        `${path || 'the response'} should be an object with ${fields.map(([key]) => key).join(', ')}, but is ${typeName(actual)}`,
        w('an object'),
        actual,
      ),
    );
    return failures;
  }
  return failures.concat(fieldFailures);
}

/** One operator of the assertion language: the expected operand, the value found, where it is, and its name. */
type Operator = (expected: unknown, actual: unknown, path: string, where: string) => AssertionFailure[];

/** `type`, `exists`, `absent`: what kind of value is there, if any. */
const presenceOperators: Record<string, Operator> = {
  type(expected, actual, path, where) {
    const name = typeName(actual);
    const matches = expected === 'object' ? isObject(actual) : name === expected;
    return matches
      ? []
      : fail(
          path,
          `${where} should be of type ${String(expected)}, but is ${name}`,
          w(`type ${String(expected)}`),
          actual,
        );
  },
  exists: (expected, actual, path, where) =>
    (actual !== undefined) === expected
      ? []
      : fail(
          path,
          expected ? `${where} is absent` : `${where} should be absent`,
          expected ? w('present') : w('absent'),
          actual,
        ),
  absent: (expected, actual, path, where) =>
    (actual === undefined) === expected
      ? []
      : fail(
          path,
          expected ? `${where} should be absent` : `${where} is absent`,
          expected ? w('absent') : w('present'),
          actual,
        ),
};

/** `contains`, `matches`, `starts_with`, `ends_with`: text, and membership of a list. */
const textOperators: Record<string, Operator> = {
  contains(expected, actual, path, where) {
    if (typeof actual === 'string' && typeof expected === 'string')
      return actual.includes(expected)
        ? []
        : fail(
            path,
            `${where} does not contain ${showValue(expected)}`,
            w(`contains ${showValue(expected)}`),
            actual,
          );
    if (Array.isArray(actual))
      return actual.some((item) => deepEqual(item, expected))
        ? []
        : fail(
            path,
            `${where} has no element ${showValue(expected)}`,
            w(`contains ${showValue(expected)}`),
            actual,
          );
    return fail(
      path,
      `${where} should be a string or a list containing ${showValue(expected)}, but is ${typeName(actual)}`,
      w(`contains ${showValue(expected)}`),
      actual,
    );
  },
  matches: (expected, actual, path) => matchesPattern(expected as string, actual, path),
  starts_with: (expected, actual, path, where) =>
    typeof actual === 'string' && actual.startsWith(expected as string)
      ? []
      : fail(
          path,
          `${where} does not start with ${showValue(expected)}`,
          w(`starts with ${showValue(expected)}`),
          actual,
        ),
  ends_with: (expected, actual, path, where) =>
    typeof actual === 'string' && actual.endsWith(expected as string)
      ? []
      : fail(
          path,
          `${where} does not end with ${showValue(expected)}`,
          w(`ends with ${showValue(expected)}`),
          actual,
        ),
};

/** `one_of`, `all_of`, `any_of`, `not`, `items`: assertions made of other assertions. */
const combiningOperators: Record<string, Operator> = {
  one_of(expected, actual, path, where) {
    const options = expected as unknown[];
    const ok = options.some((option) =>
      isObject(option) || Array.isArray(option)
        ? check(option, actual, path).length === 0
        : deepEqual(option, actual),
    );
    return ok
      ? []
      : fail(
          path,
          `${where} is ${showValue(actual)}, expected one of ${showValue(options)}`,
          w(`one of ${showValue(options)}`),
          actual,
        );
  },
  all_of: (expected, actual, path) => (expected as unknown[]).flatMap((item) => check(item, actual, path)),
  any_of(expected, actual, path, where) {
    const options = expected as unknown[];
    const results = options.map((item) => check(item, actual, path));
    if (results.some((failures) => failures.length === 0)) return [];
    const reasons = results.map((failures) => failures[0]?.message ?? '').join('; or ');
    return fail(
      path,
      `${where} matches none of ${options.length} alternatives: ${reasons}`,
      w(`any of ${showValue(options)}`),
      actual,
    );
  },
  not: (expected, actual, path, where) =>
    check(expected, actual, path).length === 0
      ? fail(
          path,
          `${where} should not match ${showValue(expected)}`,
          w(`not ${showValue(expected)}`),
          actual,
        )
      : [],
  items(expected, actual, path, where) {
    if (Array.isArray(expected)) return checkPositions(expected, actual, path);
    if (!Array.isArray(actual))
      return fail(path, `${where} should be a list, but is ${typeName(actual)}`, w('a list'), actual);
    return actual.flatMap((item, i) => check(expected, item, join(path, i)));
  },
};

/** `gte`, `lte`, `gt`, `lt` on numbers; `count`, `count_gte`, `count_lte` on the length of a list. */
const numericOperators: Record<string, Operator> = Object.fromEntries([
  ...['gte', 'lte', 'gt', 'lt'].map((op): [string, Operator] => [
    op,
    (expected, actual, path) => compare(op, expected as number, actual, path),
  ]),
  ...['count', 'count_gte', 'count_lte'].map((op): [string, Operator] => [
    op,
    (expected, actual, path) => counts(op, expected as number, actual, path),
  ]),
]);

const OPERATOR_TABLE: Record<string, Operator> = {
  ...presenceOperators,
  ...textOperators,
  ...combiningOperators,
  ...numericOperators,
};

function applyOperator(op: string, expected: unknown, actual: unknown, path: string): AssertionFailure[] {
  const operator = Object.hasOwn(OPERATOR_TABLE, op) ? OPERATOR_TABLE[op] : undefined;
  return operator ? operator(expected, actual, path, path || 'the value') : [];
}

function matchesPattern(pattern: string, actual: unknown, path: string): AssertionFailure[] {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch (error) {
    return fail(
      path,
      `the pattern ${JSON.stringify(pattern)} is not a valid regular expression: ${(error as Error).message}`,
      w(`matches ${pattern}`),
      actual,
    );
  }
  if (typeof actual !== 'string')
    return fail(
      path,
      `${path || 'the value'} should be a string matching /${pattern}/, but is ${typeName(actual)}`,
      w(`matches /${pattern}/`),
      actual,
    );
  return regex.test(actual)
    ? []
    : fail(path, `${path || 'the value'} does not match /${pattern}/`, w(`matches /${pattern}/`), actual);
}

function compare(op: string, bound: number, actual: unknown, path: string): AssertionFailure[] {
  const words = { gte: '≥', lte: '≤', gt: '>', lt: '<' }[op]!;
  const where = path || 'the value';
  if (typeof actual !== 'number')
    return fail(
      path,
      `${where} should be a number ${words} ${bound}, but is ${typeName(actual)}`,
      w(`${words} ${bound}`),
      actual,
    );
  const ok =
    op === 'gte'
      ? actual >= bound
      : op === 'lte'
        ? actual <= bound
        : op === 'gt'
          ? actual > bound
          : actual < bound;
  return ok
    ? []
    : fail(path, `${where} is ${actual}, expected ${words} ${bound}`, w(`${words} ${bound}`), actual);
}

function counts(op: string, bound: number, actual: unknown, path: string): AssertionFailure[] {
  const words = { count: '', count_gte: 'at least ', count_lte: 'at most ' }[op]!;
  const where = path || 'the list';
  if (!Array.isArray(actual))
    return fail(
      path,
      `${where} should be a list of ${words}${bound}, but is ${typeName(actual)}`,
      w(`${words}${bound} elements`),
      actual,
    );
  const n = actual.length;
  const ok = op === 'count' ? n === bound : op === 'count_gte' ? n >= bound : n <= bound;
  return ok
    ? []
    : fail(
        path,
        `${where} has ${n} element${n === 1 ? '' : 's'}, expected ${words}${bound}`,
        w(`${words}${bound} elements`),
        w(`${n} elements`),
      );
}
