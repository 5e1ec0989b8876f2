// The commands that talk to one agent (CLI-1): card, send, get, list, cancel, subscribe. Each opens the agent on the
// host exactly as the app does (the same discovery, credentials and frames), runs one operation and prints it.

import type { Binding, Generation } from '../../shared/a2a/generation';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type {
  AgentSettingsChange,
  AgentSummary,
  OperationOutcome,
  OperationRequest,
  StreamEnd,
} from '../../shared/host/agent';
import type { PartInput } from '../../shared/a2a/adapter';
import type { Task } from '../../shared/a2a/model';
import type { HostService } from '../../shared/host/hostApi';
import { exchangeRequest } from '../../shared/timeline/exchangeRequest';
import type { Finding } from '../../shared/wire/finding';
import type { HttpFrame, SseFrame } from '../../shared/wire/frame';
import { EXIT, opt, type Invocation } from './args';
import { checkSignatures, readJwksOption } from './cardSignatures';
import { listAllPages, listInputFrom, noTaskList } from './listCommand';
import { connectionFrom } from './connectionOptions';
import {
  errorLine,
  exitFor,
  findingLines,
  isUnreachable,
  itemLine,
  problemLine,
  resultLines,
  type Output,
} from './output';

/** The host publishes frames once per event-loop turn; two turns let the last batch arrive. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
}

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
  // AUTH-5: the app asks before credentials leave the agent's origin; on the command line the user says so up front.
  const trustedOrigins = opt.list(inv, '--trust-origin').map((url) => new URL(url).origin);
  // `check` takes several bindings (for --acts); talking to one agent uses the first.
  const binding = (opt.text(inv, '--binding') ?? opt.list(inv, '--binding')[0]) as Binding | undefined;
  const generation = opt.text(inv, '--generation') as Generation | undefined;
  const connection = connectionFrom(inv, env);
  if ('error' in connection) return connection;
  const extensions = opt.list(inv, '--extension');
  return {
    ...connection,
    ...(extensions.length > 0 ? { extensions } : {}),
    ...(binding || generation
      ? { selection: { ...(binding ? { binding } : {}), ...(generation ? { generation } : {}) } }
      : {}),
    ...(headers.length > 0 ? { headers } : {}),
    ...(trustedOrigins.length > 0 ? { trustedOrigins } : {}),
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
    const cardPath = opt.text(inv, '--card-path');
    const opened = await host.openAgent({ url: inv.args.url!, ...(cardPath ? { cardPath } : {}), settings });
    await settle();
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
  // A key set that cannot be read is the user's to fix, before anything is sent.
  const jwks = await readJwksOption(inv);
  if (jwks && 'error' in jwks) {
    out.note(jwks.error);
    return EXIT.usage;
  }
  const opened = await openFor(host, inv, out);
  if ('exit' in opened) return opened.exit;
  const { agent } = opened;
  const checked = await host.checkCard({ text: agent.cardText, cardUrl: agent.cardUrl });
  const signature = await checkSignatures(host, inv, agent.cardText, jwks);
  const findings = [...checked.findings, ...signature.findings];
  const summary = cardSummary(agent);
  const errors = findings.filter((f) => f.severity === 'error').length;
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
    findings,
    signature: {
      signed: signature.signed,
      verified: signature.verified,
      ...(signature.keysFrom ? { keysFrom: signature.keysFrom } : {}),
      checks: signature.checks,
    },
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
  for (const line of signature.lines) out.say(line);
  out.say(
    findings.length === 0 ? 'No findings.' : `${findings.length} finding${findings.length === 1 ? '' : 's'}:`,
  );
  for (const finding of findings)
    out.say(`  ${finding.severity}: ${finding.message}${finding.pointer ? ` (${finding.pointer})` : ''}`);
  return errors > 0 ? EXIT.failed : EXIT.ok;
}

// The usual media types by extension; anything else goes as application/octet-stream and the agent decides.
const MEDIA_TYPES: Record<string, string> = {
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.json': 'application/json',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.htm': 'text/html',
  '.xml': 'application/xml',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.zip': 'application/zip',
};

export function guessMediaType(file: string): string {
  return MEDIA_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The message's parts: the text, each file read from disk (inline, with its name), the data part. */
export async function partsFor(inv: Invocation): Promise<PartInput[] | { error: string }> {
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
      mediaType: guessMediaType(file),
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

/**
 * Prints the events of the streams it is told to follow, as they arrive. Frames come from the host's event bus in
 * batches, and a stream's first events may arrive before its exchange id is known (the outcome that names it is
 * still on its way), so events of streams not yet followed wait here.
 */
class StreamPrinter {
  private readonly exchanges = new Map<string, HttpFrame>();
  private readonly waiting = new Map<string, SseFrame[]>();
  private readonly followed = new Set<string>();
  private readonly taskIds = new Map<string, string>();
  /** The last task state any followed stream reported, and whether one carried an A2A error. */
  lastState: string | undefined;
  sawError = false;
  readonly stop: () => void;

  constructor(
    host: HostService,
    private readonly out: Output,
  ) {
    this.stop = host.onEvent((event) => {
      if (event.type !== 'frames') return;
      for (const frame of event.frames) {
        if (frame.kind === 'http') this.exchanges.set(frame.id, frame);
        else if (frame.kind === 'sse' && frame.dispatched) {
          if (this.followed.has(frame.exchangeId)) this.print(frame);
          else this.waiting.set(frame.exchangeId, [...(this.waiting.get(frame.exchangeId) ?? []), frame]);
        }
      }
    });
  }

  follow(exchangeId: string): void {
    this.followed.add(exchangeId);
    for (const frame of this.waiting.get(exchangeId) ?? []) this.print(frame);
    this.waiting.delete(exchangeId);
  }

  /** The task a stream is about, as its events named it. */
  taskId(exchangeId: string): string | undefined {
    return this.taskIds.get(exchangeId);
  }

  exchange(exchangeId: string): HttpFrame | undefined {
    return this.exchanges.get(exchangeId);
  }

  /** Findings on the exchange itself (content type, SSE framing …), from its latest revision. */
  exchangeFindings(exchangeId: string): Finding[] {
    return this.exchanges.get(exchangeId)?.findings ?? [];
  }

  private print(frame: SseFrame): void {
    const exchange = this.exchanges.get(frame.exchangeId);
    const decoder = exchange ? exchangeRequest(exchange) : undefined;
    if (frame.a2a?.state) this.lastState = frame.a2a.state;
    if (frame.a2a?.taskId) this.taskIds.set(frame.exchangeId, frame.a2a.taskId);
    if (!frame.event || !decoder) return;
    const decoded = decoder.adapter.decodeStreamEvent(
      decoder.request,
      frame.event.data,
      frame.event.type === 'error',
    );
    const findings = [...(frame.findings ?? []), ...decoded.findings].filter(
      (finding, index, all) =>
        all.findIndex((f) => f.rule === finding.rule && f.message === finding.message) === index,
    );
    const withFindings = findings.length > 0 ? { findings } : {};
    if (decoded.kind === 'item') {
      this.out.say(itemLine(decoded.item));
      this.out.emit({ event: decoded.item, ...withFindings });
    } else if (decoded.kind === 'error') {
      this.sawError = true;
      this.out.say(`[error] ${errorLine(decoded.error)}`);
      this.out.emit({ error: decoded.error, ...withFindings });
    } else {
      this.out.say(`[not understood] ${frame.event.data.slice(0, 200)}`);
      this.out.emit({ invalid: frame.event.data, ...withFindings });
    }
    for (const line of findingLines(findings, '    ')) this.out.say(line);
  }
}

/** Says how a stream ended; when it dropped and the host resynced (get, then subscribe), follows the new stream. */
async function followStream(
  host: HostService,
  printer: StreamPrinter,
  exchangeId: string,
  out: Output,
): Promise<{ end: StreamEnd; exit?: number }> {
  printer.follow(exchangeId);
  // WIRE-6: Ctrl-C closes the stream, which is not cancelling the task; a second Ctrl-C ends the process at once.
  const interrupt = () => {
    process.once('SIGINT', () => process.exit(EXIT.interrupted));
    void host.closeStream({ exchangeId });
  };
  process.once('SIGINT', interrupt);
  let end: StreamEnd;
  try {
    end = await host.awaitStream({ exchangeId });
  } finally {
    process.removeListener('SIGINT', interrupt);
  }
  await settle();
  const why = end.frameError
    ? `: ${end.frameError.label} — ${end.frameError.message.replace(/\.$/, '')}`
    : '';
  out.say(`Stream ended (${end.ended}) after ${end.events} event${end.events === 1 ? '' : 's'}${why}.`);
  const findings = printer.exchangeFindings(exchangeId);
  for (const line of findingLines(findings)) out.say(line);
  out.emit({ end, ...(findings.length > 0 ? { findings } : {}) });
  if (end.ended === 'closed-by-user') {
    const taskId = printer.taskId(exchangeId);
    out.note(
      `You closed the stream; the task goes on.${taskId ? ` Follow it again with: switchboard subscribe <url> ${taskId} (or cancel it with switchboard cancel <url> ${taskId})` : ''}`,
    );
    return { end, exit: EXIT.interrupted };
  }
  const { resync } = end;
  if (!resync) return { end };
  // TASK-4: the host read the task back and, when it was still running, subscribed again.
  out.note('The stream dropped; Switchboard read the task back to resync.');
  const { get, subscribe } = resync;
  if (get.status === 'result' && get.result) for (const line of resultLines(get.result)) out.say(line);
  else out.say(problemLine(get));
  if (get.status !== 'result') return { end, exit: exitFor(get) };
  if (get.result?.type === 'task') printer.lastState = get.result.task.status.state;
  if (!subscribe) return { end, exit: exitFor(get) };
  if (subscribe.status !== 'stream' || !subscribe.exchangeId) {
    out.say(problemLine(subscribe));
    return { end, exit: exitFor(subscribe) };
  }
  out.note('Subscribed again; following the task.');
  const next = await followStream(host, printer, subscribe.exchangeId, out);
  return { end: next.end, exit: next.exit ?? exitFor(subscribe, next.end, printer.lastState) };
}

/** Runs an operation and prints it; a stream's events are printed as they arrive. */
async function runAndPrint(host: HostService, request: OperationRequest, out: Output): Promise<number> {
  const printer = new StreamPrinter(host, out);
  try {
    const outcome: OperationOutcome = await host.runOperation(request);
    if (outcome.status !== 'stream' || !outcome.exchangeId) {
      await settle();
      if (outcome.status === 'result' && outcome.result)
        for (const line of resultLines(outcome.result, request.operation === 'get')) out.say(line);
      else out.say(problemLine(outcome));
      for (const line of findingLines(outcome.findings)) out.say(line);
      if (outcome.exchangeId) hintCredentials(printer.exchange(outcome.exchangeId), out);
      if (outcome.confirm)
        out.note(`To let credentials go there, run again with --trust-origin ${outcome.confirm.origin}`);
      out.emit({
        status: outcome.status,
        message: outcome.message,
        ...(outcome.result ? { result: outcome.result } : {}),
        ...(outcome.error ? { error: outcome.error } : {}),
        ...(outcome.frameError ? { frameError: outcome.frameError } : {}),
        ...(outcome.routeMissing ? { routeMissing: outcome.routeMissing } : {}),
        ...(outcome.taskId ? { taskId: outcome.taskId } : {}),
        ...(outcome.contextId ? { contextId: outcome.contextId } : {}),
        findings: outcome.findings,
      });
      if (outcome.result?.type === 'task') hintFollowUp(outcome.result.task, request, out);
      return exitFor(outcome);
    }
    const followed = await followStream(host, printer, outcome.exchangeId, out);
    if (printer.sawError) return EXIT.failed;
    return followed.exit ?? exitFor(outcome, followed.end, printer.lastState);
  } finally {
    printer.stop();
  }
}

/** A 401 or 403: what the agent asked for, and the options that send credentials (AUTH-1). */
function hintCredentials(frame: HttpFrame | undefined, out: Output): void {
  const status = frame?.response?.status;
  if (status !== 401 && status !== 403) return;
  const challenge = frame?.response?.headers.find(([name]) => name.toLowerCase() === 'www-authenticate')?.[1];
  out.note(
    `The agent refused the request (HTTP ${status}${challenge ? `, WWW-Authenticate: ${challenge}` : ''}). Send credentials with --bearer TOKEN (or SWITCHBOARD_BEARER) or --header 'Name: value'.`,
  );
}

/** A task that waits for the user: how to answer it from the command line (MSG-7). */
function hintFollowUp(task: Task, request: OperationRequest, out: Output): void {
  if (task.status.state !== 'input-required' && task.status.state !== 'auth-required') return;
  if (request.operation !== 'send' && request.operation !== 'get') return;
  out.note(
    `The task waits for you (${task.status.stateWire}). Answer with: switchboard send <url> <text> --task-id ${task.id}${task.contextId ? ` --context-id ${task.contextId}` : ''}`,
  );
}

export async function operationCommand(host: HostService, inv: Invocation, out: Output): Promise<number> {
  let input: OperationRequest;
  // Files are read before the agent is contacted: a wrong path is the user's to fix, and nothing is sent.
  const parts = inv.command === 'send' ? await partsFor(inv) : [];
  if ('error' in parts) {
    out.note(parts.error);
    return EXIT.usage;
  }
  const opened = await openFor(host, inv, out);
  if ('exit' in opened) return opened.exit;
  const agentId = opened.agent.id;
  out.note(
    `${cardSummary(opened.agent).name} (A2A ${opened.agent.chosen?.generation ?? opened.agent.generation}, ${opened.agent.chosen?.bindingWire ?? 'no interface'})`,
  );
  switch (inv.command) {
    case 'send': {
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
      const unsupported = noTaskList(opened.agent);
      if (unsupported) {
        out.say(unsupported);
        out.emit({ status: 'unsupported', message: unsupported });
        return EXIT.failed;
      }
      const built = listInputFrom(inv);
      if ('error' in built) {
        out.note(built.error);
        return EXIT.usage;
      }
      if (opt.flag(inv, '--all')) return listAllPages(host, agentId, built.input, out);
      input = { agentId, operation: 'list', input: built.input };
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
