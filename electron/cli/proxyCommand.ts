// `switchboard proxy <upstream>` (PRX-1, PRX-5, CLI-1): the recording proxy from a terminal. It prints the card URL to
// give clients, then one line per exchange as it ends (who called, which operation, the status, how long), and runs
// until Ctrl-C; the host records every exchange, so `--save F` writes them as a session like any other run.

import type { HttpFrame } from '../../shared/wire/frame';
import type { Recorder } from '../host/agent/recorder';
import { createProxyEngine } from '../host/proxy/proxyEngine';
import { readFaultRulesFile } from '../host/proxy/faultRulesFile';
import type { PushService } from '../host/push/pushService';
import { EXIT, opt, type Invocation } from './args';
import type { Output } from './output';
import { stopSignal } from './sessionCommands';

export async function proxyCommand(
  host: { recorder: Recorder; push: PushService } | undefined,
  inv: Invocation,
  out: Output,
): Promise<number> {
  if (!host) throw new Error('the host has no recorder to record the proxy with.');
  const port = opt.number(inv, '--port');
  const replace = opt.text(inv, '--replace');
  if (replace !== undefined && replace.trim() === '') {
    out.note('--replace needs the saved session to serve, such as run.switchboard.');
    return EXIT.usage;
  }
  const faultsFile = opt.text(inv, '--faults');
  const rules =
    faultsFile === undefined ? { ok: true as const, rules: [] } : await readFaultRulesFile(faultsFile);
  if (!rules.ok) {
    out.note(`The fault rules in ${faultsFile} were not applied: ${rules.errors.join(' ')}`);
    return EXIT.usage;
  }
  const engine = createProxyEngine({
    recorder: host.recorder,
    push: host.push,
    onExchange: (frame) => exchangeLine(frame, out),
  });
  const proxy = await engine(
    {
      upstream: inv.args.url ?? '',
      ...(port !== undefined ? { port } : {}),
      injectTrace: opt.flag(inv, '--inject-trace'),
      routePush: !opt.flag(inv, '--no-route-push'),
      ...(replace !== undefined ? { replaceWith: replace } : {}),
    },
    rules.rules,
  );
  const status = proxy.status();
  out.emit({
    listenUrl: status.listenUrl,
    cardUrl: status.cardUrl,
    upstream: status.upstream,
    id: status.id,
  });
  out.say(`Give clients this card: ${status.cardUrl}`);
  out.note(
    `Proxying ${status.replacedBy ? `the saved session ${status.replacedBy}` : status.upstream} (A2A ` +
      `${status.generation}) at ${status.listenUrl}. Press Ctrl-C to stop.`,
  );
  await stopSignal();
  const final = proxy.status();
  await proxy.close();
  out.note(`Stopped after ${final.exchanges} exchange(s) from ${final.clients} client(s).`);
  return EXIT.ok;
}

function exchangeLine(frame: HttpFrame, out: Output): void {
  const client = frame.proxied?.client;
  const who = client
    ? `${client.address}:${client.port}${client.userAgent ? ` (${client.userAgent})` : ''}`
    : '?';
  const operation = frame.a2a?.operation ?? frame.proxied?.binding ?? 'other';
  const status = frame.response ? String(frame.response.status) : (frame.error?.label ?? 'no answer');
  const ms = frame.timing.end !== undefined ? Math.round(frame.timing.end - frame.timing.start) : undefined;
  out.emit({ client: client ?? null, operation, status: frame.response?.status ?? null, ms: ms ?? null });
  out.say(`${who}  ${operation}  ${status}  ${ms ?? '?'} ms`);
}
