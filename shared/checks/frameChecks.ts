// Frame checks (CHK-2): the findings parsers attached to each frame (envelope, JSON, SSE framing, content type, the
// generation's data model, REST status), grouped into checks, plus the header rules a single frame can show.

import type { Frame, HeaderList, HttpFrame } from '../wire/frame';
import { checkById, frameCheckFor } from './catalog';
import type { CheckFinding } from './types';

function header(headers: HeaderList, names: readonly string[]): string | undefined {
  const wanted = names.map((name) => name.toLowerCase());
  return headers.find(([name]) => wanted.includes(name.toLowerCase()))?.[1];
}

const EXTENSION_HEADERS = ['A2A-Extensions', 'X-A2A-Extensions'];

/** Extensions the request asked for and an answer that does not say which were activated (PROTOCOL.md §8). */
function extensionsEcho(frame: HttpFrame): CheckFinding | undefined {
  const asked = header(frame.request.headers, EXTENSION_HEADERS)?.trim();
  const response = frame.response;
  if (!asked || !response || response.status >= 400 || frame.error) return undefined;
  if (header(response.headers, EXTENSION_HEADERS) !== undefined) return undefined;
  return {
    checkId: 'frame.extensions-echo',
    severity: 'info',
    message: `The request asked for extensions (${asked}) and the answer has no extensions header saying which were activated.`,
    spec: checkById('frame.extensions-echo')!.spec,
    frameIds: [frame.id],
    ...(frame.a2a ? { agentId: frame.a2a.agentId } : {}),
  };
}

export function frameFindings(frame: Frame): CheckFinding[] {
  const out: CheckFinding[] = [];
  const agentId =
    frame.kind === 'webhook' ? frame.agentId : frame.kind === 'http' ? frame.a2a?.agentId : undefined;
  const taskId = frame.kind === 'sse' || frame.kind === 'webhook' ? frame.a2a?.taskId : frame.a2a?.taskId;
  for (const finding of frame.findings ?? []) {
    const checkId = frameCheckFor(finding.rule);
    out.push({
      checkId,
      severity: finding.severity,
      message: checkId === 'frame.other' ? `${finding.rule}: ${finding.message}` : finding.message,
      spec: finding.spec ?? checkById(checkId)!.spec,
      frameIds: [frame.id],
      ...(agentId ? { agentId } : {}),
      ...(taskId ? { taskId } : {}),
      ...(finding.pointer !== undefined ? { pointer: finding.pointer } : {}),
    });
  }
  if (frame.kind === 'http') {
    const echo = extensionsEcho(frame);
    if (echo) out.push(echo);
  }
  return out;
}
