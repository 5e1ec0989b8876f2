// The push configs a caller's request carries, and what is wrong with their shape (PRX-3). A config rides in a send
// (`configuration.pushNotificationConfig`, 1.0 `configuration.taskPushNotificationConfig`, 0.1 `pushNotification`) or
// in a set/create call (0.x `pushNotificationConfig` beside the task id, 1.0 the flat TaskPushNotificationConfig
// itself); see docs/protocol.md#operations-and-bindings.

import type { GenerationProfile } from '../a2a/profile';
import { a2aRef } from './specRefs';
import type { CallerProblem } from './types';
import type { Severity } from '../wire/finding';

export interface FoundPushConfig {
  config: Record<string, unknown>;
  /** JSON pointer of the config in the request body. */
  pointer: string;
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Every push config in a request body, with where it sits. */
export function pushConfigsIn(body: unknown, operation: string, binding: string): FoundPushConfig[] {
  const root = record(body);
  if (!root) return [];
  const base = binding === 'JSONRPC' ? '/params' : '';
  const holder = binding === 'JSONRPC' ? record(root.params) : root;
  if (!holder) return [];
  const found: FoundPushConfig[] = [];
  const add = (value: unknown, pointer: string) => {
    const config = record(value);
    if (config) found.push({ config, pointer });
  };
  if (operation === 'send' || operation === 'stream') {
    const configuration = record(holder.configuration);
    add(configuration?.pushNotificationConfig, `${base}/configuration/pushNotificationConfig`);
    add(configuration?.taskPushNotificationConfig, `${base}/configuration/taskPushNotificationConfig`);
    // 0.1 sends carry the config beside the message, as `pushNotification`.
    add(holder.pushNotification, `${base}/pushNotification`);
  } else if (operation === 'pushConfigSet') {
    if (holder.pushNotificationConfig !== undefined)
      add(holder.pushNotificationConfig, `${base}/pushNotificationConfig`);
    else if (holder.config !== undefined) add(holder.config, `${base}/config`);
    else add(holder, base);
  }
  return found;
}

function loopback(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\./.test(hostname);
}

/** What is wrong with one config's shape for the agent's generation. */
export function pushConfigProblems(
  found: FoundPushConfig,
  profile: GenerationProfile | undefined,
  generation: string,
): CallerProblem[] {
  const { config, pointer } = found;
  const out: CallerProblem[] = [];
  const problem = (message: string, severity: Severity, at: string, security = false): CallerProblem => ({
    checkId: 'caller.push-config',
    severity,
    message,
    ref: a2aRef(security ? 'pushSecurity' : 'pushDelivery', generation),
    pointer: `${pointer}${at}`,
  });
  out.push(...urlProblems(config.url, problem));
  if (config.token !== undefined && typeof config.token !== 'string') {
    out.push(problem('The caller’s push config has a token that is not a string.', 'error', '/token'));
  }
  if (config.authentication !== undefined) out.push(...authProblems(config.authentication, profile, problem));
  return out;
}

type Problem = (message: string, severity: Severity, at: string, security?: boolean) => CallerProblem;

function urlProblems(url: unknown, problem: Problem): CallerProblem[] {
  if (typeof url !== 'string' || url === '') {
    return [problem('The caller’s push config has no url to deliver to.', 'error', '/url')];
  }
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return [problem(`The caller’s push config url "${url}" is not an absolute URL.`, 'error', '/url')];
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return [problem(`The caller’s push config url uses ${parsed.protocol}, not http(s).`, 'error', '/url')];
  }
  if (parsed.protocol === 'http:' && !loopback(parsed.hostname)) {
    return [
      problem(
        'The caller’s push config sends deliveries over plain http to another machine; use https.',
        'warning',
        '/url',
        true,
      ),
    ];
  }
  return [];
}

function authProblems(
  value: unknown,
  profile: GenerationProfile | undefined,
  problem: Problem,
): CallerProblem[] {
  const auth = record(value);
  if (!auth)
    return [problem('The caller’s push config authentication is not an object.', 'error', '/authentication')];
  const field = profile?.pushAuthField;
  if (field === 'scheme') {
    if (typeof auth.scheme === 'string' && auth.scheme !== '') return [];
    const hint = auth.schemes !== undefined ? ' (it has 0.x "schemes")' : '';
    return [
      problem(
        `The caller’s push config authentication names no scheme${hint}.`,
        'error',
        '/authentication/scheme',
        true,
      ),
    ];
  }
  if (field === 'schemes') {
    const schemes = auth.schemes;
    if (Array.isArray(schemes) && schemes.every((scheme) => typeof scheme === 'string')) return [];
    const hint = auth.scheme !== undefined ? ' (it has 1.0 "scheme")' : '';
    return [
      problem(
        `The caller’s push config authentication has no list of schemes${hint}.`,
        'error',
        '/authentication/schemes',
        true,
      ),
    ];
  }
  return [];
}
