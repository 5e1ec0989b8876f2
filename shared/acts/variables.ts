// ACTS variables (§8, §12.2): `{{stepId.name}}` captured in an earlier step of the same test (and
// `{{stepId.response}}`, the step's whole response), `{{name}}` from the document's `variables`, then from the
// runner (the agent's base URL, a webhook), `{{env.NAME}}` from the environment, and `{{$uuid}}`, fresh each time.
// A string that is one reference and nothing else takes the value as it is (an object stays an object); inside a
// longer string the value is written as text. A reference nothing resolves fails the step with its name.

export interface VariableScope {
  /** Values captured per step id, `response` included. */
  steps: ReadonlyMap<string, Readonly<Record<string, unknown>>>;
  /** The document's `variables` (their values may refer to other variables). */
  document: Readonly<Record<string, string>>;
  /** What the runner provides: SUT_BASE_URL, baseUrl, webhookUrl … */
  runner: Readonly<Record<string, string>>;
  env: Readonly<Record<string, string | undefined>>;
  uuid: () => string;
}

/**
 * `missing` names a value the runner was expected to supply (a bare name no file defines, an environment variable):
 * a test that needs one the run was not given is not run, rather than failed.
 */
export type Interpolated<T> = { ok: true; value: T } | { ok: false; message: string; missing?: string };

const REFERENCE = /\{\{\s*([^{}]+?)\s*\}\}/g;
const WHOLE = /^\{\{\s*([^{}]+?)\s*\}\}$/;

/** Replaces every reference in strings anywhere inside `value` (keys are left alone). */
export function interpolate<T>(value: T, scope: VariableScope): Interpolated<T> {
  try {
    return { ok: true, value: walk(value, scope, 0) as T };
  } catch (error) {
    if (error instanceof UnresolvedVariable)
      return { ok: false, message: error.message, ...(error.missing ? { missing: error.missing } : {}) };
    throw error;
  }
}

class UnresolvedVariable extends Error {
  constructor(
    message: string,
    readonly missing?: string,
  ) {
    super(message);
  }
}

const MAX_DEPTH = 8;

function walk(value: unknown, scope: VariableScope, depth: number): unknown {
  if (typeof value === 'string') return substitute(value, scope, depth);
  if (Array.isArray(value)) return value.map((item) => walk(item, scope, depth));
  if (typeof value === 'object' && value !== null) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) out[key] = walk(item, scope, depth);
    return out;
  }
  return value;
}

function substitute(text: string, scope: VariableScope, depth: number): unknown {
  const whole = WHOLE.exec(text);
  if (whole) return resolve(whole[1]!, scope, depth);
  if (!text.includes('{{')) return text;
  return text.replace(REFERENCE, (_match, name: string) => {
    const value = resolve(name, scope, depth);
    return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  });
}

function resolve(name: string, scope: VariableScope, depth: number): unknown {
  if (depth > MAX_DEPTH)
    throw new UnresolvedVariable(
      `{{${name}}} refers to itself through other variables more than ${MAX_DEPTH} deep.`,
    );
  const dot = name.indexOf('.');
  if (dot > 0) {
    const stepId = name.slice(0, dot);
    const key = name.slice(dot + 1);
    const captured = scope.steps.get(stepId);
    if (captured) {
      if (Object.hasOwn(captured, key)) return captured[key];
      throw new UnresolvedVariable(
        `{{${name}}}: step ${stepId} captured no "${key}" (it has ${Object.keys(captured).join(', ') || 'nothing'}).`,
      );
    }
  }
  if (Object.hasOwn(scope.document, name)) return substitute(scope.document[name]!, scope, depth + 1);
  if (Object.hasOwn(scope.runner, name)) return scope.runner[name];
  if (name.startsWith('env.')) {
    const value = scope.env[name.slice(4)];
    if (value !== undefined) return value;
    throw new UnresolvedVariable(`{{${name}}}: the environment variable ${name.slice(4)} is not set.`, name);
  }
  if (name === '$uuid') return scope.uuid();
  if (dot > 0)
    throw new UnresolvedVariable(
      `{{${name}}}: no earlier step of this test is called ${name.slice(0, dot)}, or it did not run to its capture.`,
    );
  throw new UnresolvedVariable(
    `{{${name}}} is not defined: not by the test file's variables, not by the runner (which provides ${Object.keys(scope.runner).join(', ') || 'nothing'}).`,
    name,
  );
}
