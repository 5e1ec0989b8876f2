// A request body's differences from its operation's JSON Schema, as the request editor lists them (MSG-8): one line
// per problem, each at a JSON path a developer can read (`$.params.message.parts[0].kind`) rather than a pointer.
// Pure: the host runs the schema (Ajv compiles with `new Function`, which the renderer's CSP forbids) and maps its
// errors here.

import { splitJsonPointer } from './jsonPointer';

export interface BodyProblem {
  /** Where in the body, as a JSON path from `$`. */
  path: string;
  message: string;
}

export interface RequestBodyCheck {
  /** The schema type the body was checked against; absent when the operation has none to check with. */
  schema?: string;
  problems: BodyProblem[];
  /** How many further problems were left off the list. */
  more: number;
}

/** The part of a JSON Schema validator's error (Ajv's shape) that is worded here. */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** `/params/parts/0/kind` → `$.params.parts[0].kind`; keys that are no identifier are quoted. */
export function jsonPathOf(pointer: string): string {
  const tokens = splitJsonPointer(pointer) ?? [];
  let path = '$';
  for (const token of tokens) {
    if (/^(0|[1-9][0-9]*)$/.test(token)) path += `[${token}]`;
    else if (IDENTIFIER.test(token)) path += `.${token}`;
    else path += `[${JSON.stringify(token)}]`;
  }
  return path;
}

function withKey(path: string, key: unknown): string {
  if (typeof key !== 'string') return path;
  return IDENTIFIER.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
}

function problemOf(error: SchemaError, base: string, schema: string): BodyProblem {
  const path = jsonPathOf(`${base}${error.instancePath}`);
  const params = error.params ?? {};
  if (error.keyword === 'required') {
    return { path: withKey(path, params.missingProperty), message: `is required by ${schema}` };
  }
  if (error.keyword === 'additionalProperties') {
    return { path: withKey(path, params.additionalProperty), message: `is not a field of ${schema} here` };
  }
  if (error.keyword === 'enum' && Array.isArray(params.allowedValues)) {
    const allowed = params.allowedValues.map((value) => JSON.stringify(value)).join(', ');
    return { path, message: `must be one of ${allowed}` };
  }
  return { path, message: error.message ?? 'does not match the schema' };
}

/**
 * The problems to list, in body order and each said once (a union's branches repeat the same complaint), at most
 * `max` of them; `base` is where the checked value sits in the body (`/params` when only a JSON-RPC params object is
 * described by the schema).
 */
export function bodyProblems(
  errors: readonly SchemaError[],
  options: { base: string; schema: string; max: number },
): { problems: BodyProblem[]; more: number } {
  const seen = new Set<string>();
  const all: BodyProblem[] = [];
  for (const error of errors) {
    const problem = problemOf(error, options.base, options.schema);
    const key = `${problem.path}\n${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    all.push(problem);
  }
  all.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { problems: all.slice(0, options.max), more: Math.max(0, all.length - options.max) };
}
