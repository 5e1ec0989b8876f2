// What fault rules and the proxy's frames need to know about a forwarded request (PRX-1, PRX-4): the task it names and
// the text of the message it carries. Read leniently from the JSON of any generation (0.3 `kind: 'text'` parts, 1.0
// parts with a `text` field, JSON-RPC params or an HTTP+JSON body), since a client may send anything; a body that is
// not JSON names nothing.

import { isObject } from '../a2a/decodeContext';

export interface RequestFacts {
  taskId?: string;
  messageText?: string;
}

const TASK_IN_PATH = /\/tasks\/([^/:?]+)/;

export function requestFacts(path: string, bodyText: string | undefined): RequestFacts {
  const facts: RequestFacts = {};
  let body: unknown;
  try {
    body = bodyText ? JSON.parse(bodyText) : undefined;
  } catch {
    body = undefined;
  }
  const params = isObject(body) && isObject(body.params) ? body.params : body;
  const message = isObject(params) ? (isObject(params.message) ? params.message : undefined) : undefined;
  if (message) {
    const texts = Array.isArray(message.parts)
      ? message.parts.flatMap((part) => (isObject(part) && typeof part.text === 'string' ? [part.text] : []))
      : [];
    if (texts.length > 0) facts.messageText = texts.join('\n');
    if (typeof message.taskId === 'string') facts.taskId = message.taskId;
  }
  if (facts.taskId === undefined && isObject(params)) {
    const named = [params.id, params.taskId, params.name].find((value) => typeof value === 'string');
    if (typeof named === 'string') facts.taskId = named.replace(/^tasks\//, '').split('/')[0];
  }
  if (facts.taskId === undefined) {
    const inPath = TASK_IN_PATH.exec(path)?.[1];
    if (inPath) facts.taskId = decodedSegment(inPath);
  }
  return facts;
}

/** A path segment with its %-escapes undone; kept as written when they are broken (hostile input never throws). */
function decodedSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
