// The commands that talk to one agent (CLI-1): card, send, get, list, cancel, subscribe. Each opens the agent on the
// host exactly as the app does (the same discovery, credentials and frames), runs one operation and prints it.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  AgentSettingsChange,
  AgentSummary,
  OperationOutcome,
  OperationRequest,
} from '../../shared/agent';
import type { PartInput } from '../../shared/a2a/adapter';
import type { HostService } from '../../shared/host-api';
import { exchangeRequest } from '../../shared/timeline/exchangeRequest';
import type { HttpFrame, SseFrame } from '../../shared/wire/frame';
import { EXIT, opt, type Invocation } from '../cliArgs';
import { exitFor, isUnreachable, itemLine, problemLine, resultLines, type Output } from './output';

/** Credentials and limits from the command line, as agent settings. */
export function settingsFrom(
  inv: Invocation,
  env: NodeJS.ProcessEnv = process.env,
): AgentSettingsChange | { error: string } {
  const headers: Array<{ name: string; value: string; secret?: boolean }> = [];
  for (const line of opt.list(inv, '--header')) {
    const colon = line.indexOf(':');
    if (colon <= 0) return { error: `--header needs 'Name: value', not ${JSON.stringify(line)}.` };
    const name = line.slice(0, colon).trim();
    // A header that looks like a credential is masked in anything Switchboard prints or saves.
    const secret = /authorization|token|key|secret|cookie/i.test(name);
    headers.push({ name, value: line.slice(colon + 1).trim(), ...(secret ? { secret } : {}) });
  }
  const bearer = opt.text(inv, '--bearer') ?? env.SWITCHBOARD_BEARER;
  const timeout = opt.number(inv, '--timeout');
  return {
    ...(headers.length > 0 ? { headers } : {}),
    ...(bearer ? { auth: { type: 'bearer' as const, token: bearer } } : {}),
    ...(timeout !== undefined
      ? { timeouts: { totalMs: timeout, firstByteMs: timeout, idleMs: timeout } }
      : {}),
  };
}

/** Opens the agent the invocation names; prints why not and gives the exit code when it cannot. */
export async function openFor(
  host: HostService,
  inv: Invocation,
  out: Output,
): Promise<{ agent: AgentSummary } | { exit: number }> {
  const settings = settingsFrom(inv);
  if ('error' in settings) {
    out.note(settings.error);
    return { exit: EXIT.usage };
  }
  const errors: HttpFrame[] = [];
  const stop = host.onEvent((event) => {
    if (event.type !== 'frames') return;
    for (const frame of event.frames) if (frame.kind === 'http' && frame.error) errors.push(frame);
  });
  try {
    const opened = await host.openAgent({ url: inv.args.url!, settings });
    await new Promise((resolve) => setImmediate(resolve));
    if (opened.ok) return { agent: opened.agent };
    const unreachable = errors.some((frame) => isUnreachable(frame.error));
    out.note(`Could not open the agent: ${opened.message}`);
    out.emit({ ok: false, unreachable, message: opened.message, attempts: opened.attempts });
    return { exit: unreachable ? EXIT.unreachable : EXIT.failed };
  } finally {
    stop();
  }
}

function cardSummary(agent: AgentSummary) {
  let card: {
    name?: string;
    description?: string;
    capabilities?: Record<string, unknown>;
    skills?: Array<{ id?: string; name?: string }>;
  } = {};
  try {
    card = JSON.parse(agent.cardText) as typeof card;
  } catch {
    // Shown as text below.
  }
  return {
    name: card.name ?? agent.cardUrl,
    description: card.description,
    capabilities: card.capabilities ?? {},
    skills: (card.skills ?? []).map((skill) => ({ id: skill.id, name: skill.name })),
  };
}

export async function cardCommand(host: HostService, inv: Invocation, out: Output): Promise<number> {
  const opened = await openFor(host, inv, out);
  if ('exit' in opened) return opened.exit;
  const { agent } = opened;
  const checked = await host.checkCard({ text: agent.cardText, cardUrl: agent.cardUrl });
  const summary = cardSummary(agent);
  const errors = checked.findings.filter((f) => f.severity === 'error').length;
  out.emit({
    cardUrl: agent.cardUrl,
    generation: agent.generation,
    ...summary,
    interfaces: agent.interfaces.map((i) => ({
      url: i.url,
      binding: i.bindingWire,
      generation: i.generation,
    })),
    chosen: agent.chosen ? { url: agent.chosen.url, binding: agent.chosen.bindingWire } : null,
    findings: checked.findings,
    card: JSON.parse(agent.cardText) as unknown,
  });
  out.say(
    `${summary.name} — A2A ${agent.generation} (${agent.detection.confidence}: ${agent.detection.reason})`,
  );
  if (summary.description) out.say(summary.description);
  out.say(`Card: ${agent.cardUrl}`);
  for (const iface of agent.interfaces) {
    out.say(
      `  ${iface.bindingWire} ${iface.generation}  ${iface.url}${iface === agent.chosen ? '  (used)' : ''}`,
    );
  }
  const capabilities = Object.entries(summary.capabilities)
    .filter(([, value]) => value === true)
    .map(([key]) => key);
  out.say(`Capabilities: ${capabilities.join(', ') || 'none declared'}`);
  out.say(`Skills: ${summary.skills.map((s) => s.name ?? s.id).join(', ') || 'none'}`);
  out.say(
    checked.findings.length === 0
      ? 'No findings.'
      : `${checked.findings.length} finding${checked.findings.length === 1 ? '' : 's'}:`,
  );
  for (const finding of checked.findings)
    out.say(`  ${finding.severity}: ${finding.message}${finding.pointer ? ` (${finding.pointer})` : ''}`);
  return errors > 0 ? EXIT.failed : EXIT.ok;
}

const MEDIA_TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.json': 'application/json',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
};

async function partsFor(inv: Invocation): Promise<PartInput[] | { error: string }> {
  const parts: PartInput[] = [{ kind: 'text', text: inv.args.text! }];
  for (const file of opt.list(inv, '--file')) {
    let bytes: Buffer;
    try {
      bytes = await readFile(file);
    } catch (error) {
      return { error: `--file ${file}: ${(error as Error).message}` };
    }
    parts.push({
      kind: 'file',
      name: path.basename(file),
      mediaType: MEDIA_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      bytes: bytes.toString('base64'),
    });
  }
  const data = opt.text(inv, '--data');
  if (data !== undefined) {
    try {
      parts.push({ kind: 'data', data: JSON.parse(data) as unknown });
    } catch (error) {
      return { error: `--data is not JSON: ${(error as Error).message}` };
    }
  }
  return parts;
}

/** Runs an operation and prints it; a stream's events are printed as they arrive. */
async function runAndPrint(host: HostService, request: OperationRequest, out: Output): Promise<number> {
  const events: SseFrame[] = [];
  const exchanges = new Map<string, HttpFrame>();
  let exchangeId: string | undefined;
  let lastState: string | undefined;
  const print = (frame: SseFrame) => {
    const exchange = exchanges.get(frame.exchangeId);
    const decoder = exchange ? exchangeRequest(exchange) : undefined;
    if (frame.a2a?.state) lastState = frame.a2a.state;
    if (!frame.event || !decoder) return;
    const decoded = decoder.adapter.decodeStreamEvent(
      decoder.request,
      frame.event.data,
      frame.event.type === 'error',
    );
    if (decoded.kind === 'item') {
      out.say(itemLine(decoded.item));
      out.emit({ event: decoded.item });
    } else {
      out.say(`[error] ${JSON.stringify(decoded)}`);
      out.emit({ event: decoded });
    }
  };
  const stop = host.onEvent((event) => {
    if (event.type !== 'frames') return;
    for (const frame of event.frames) {
      if (frame.kind === 'http') exchanges.set(frame.id, frame);
      else if (frame.kind === 'sse' && frame.dispatched) {
        if (exchangeId === undefined) events.push(frame);
        else if (frame.exchangeId === exchangeId) print(frame);
      }
    }
  });
  try {
    const outcome: OperationOutcome = await host.runOperation(request);
    if (outcome.status !== 'stream' || !outcome.exchangeId) {
      if (outcome.status === 'result' && outcome.result)
        for (const line of resultLines(outcome.result)) out.say(line);
      else out.say(problemLine(outcome));
      out.emit({
        status: outcome.status,
        message: outcome.message,
        ...(outcome.result ? { result: outcome.result } : {}),
        ...(outcome.error ? { error: outcome.error } : {}),
        ...(outcome.frameError ? { frameError: outcome.frameError } : {}),
        ...(outcome.taskId ? { taskId: outcome.taskId } : {}),
        ...(outcome.contextId ? { contextId: outcome.contextId } : {}),
      });
      return exitFor(outcome);
    }
    exchangeId = outcome.exchangeId;
    for (const frame of events.splice(0)) if (frame.exchangeId === exchangeId) print(frame);
    const end = await host.awaitStream({ exchangeId });
    await new Promise((resolve) => setImmediate(resolve));
    out.say(`Stream ended (${end.ended}) after ${end.events} event${end.events === 1 ? '' : 's'}.`);
    out.emit({ end });
    return exitFor(outcome, end, lastState);
  } finally {
    stop();
  }
}

export async function operationCommand(host: HostService, inv: Invocation, out: Output): Promise<number> {
  let input: OperationRequest;
  const opened = await openFor(host, inv, out);
  if ('exit' in opened) return opened.exit;
  const agentId = opened.agent.id;
  out.note(
    `${cardSummary(opened.agent).name} (A2A ${opened.agent.generation}, ${opened.agent.chosen?.bindingWire ?? 'no interface'})`,
  );
  switch (inv.command) {
    case 'send': {
      const parts = await partsFor(inv);
      if ('error' in parts) {
        out.note(parts.error);
        return EXIT.usage;
      }
      const taskId = opt.text(inv, '--task-id');
      const contextId = opt.text(inv, '--context-id');
      input = {
        agentId,
        operation: opt.flag(inv, '--stream') ? 'stream' : 'send',
        input: {
          message: { parts, ...(taskId ? { taskId } : {}), ...(contextId ? { contextId } : {}) },
          blocking: true,
        },
      };
      break;
    }
    case 'get': {
      const history = opt.number(inv, '--history');
      input = {
        agentId,
        operation: 'get',
        input: { taskId: inv.args['task-id']!, ...(history !== undefined ? { historyLength: history } : {}) },
      };
      break;
    }
    case 'list': {
      const contextId = opt.text(inv, '--context-id');
      const status = opt.text(inv, '--status');
      const pageSize = opt.number(inv, '--page-size');
      const pageToken = opt.text(inv, '--page-token');
      input = {
        agentId,
        operation: 'list',
        input: {
          ...(contextId ? { contextId } : {}),
          ...(status ? { status } : {}),
          ...(pageSize !== undefined ? { pageSize } : {}),
          ...(pageToken ? { pageToken } : {}),
        },
      };
      break;
    }
    case 'cancel':
      input = { agentId, operation: 'cancel', input: { taskId: inv.args['task-id']! } };
      break;
    case 'subscribe':
      input = { agentId, operation: 'subscribe', input: { taskId: inv.args['task-id']! } };
      break;
    default:
      throw new Error(`${inv.command} is not an agent operation.`);
  }
  return runAndPrint(host, input, out);
}
