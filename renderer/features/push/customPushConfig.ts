// A push config that points at a URL of the user's own (PUSH-2), not at Switchboard's receiver: the URL, the token the
// agent echoes, and the authentication schemes with their credentials, each checked with a message that names what
// is wrong. Also the two things that make push calls fail before they are sent: a card without the push capability,
// and a generation without list or delete (docs/protocol.md#push-configurations).

import type { Operation, PushConfigInput } from '../../../shared/a2a/adapter';
import { findAdapter } from '../../../shared/a2a/adapters';
import { cardFlag } from '../../../shared/a2a/profile';
import type { AgentSummary } from '../../../shared/host/agent';

export interface CustomPushFields {
  url: string;
  token: string;
  /** Comma-separated scheme names (Bearer, Basic …). */
  schemes: string;
  credentials: string;
  /** The config id to ask for; the agent picks one when empty. */
  id: string;
}

export const EMPTY_CUSTOM_PUSH: CustomPushFields = {
  url: '',
  token: '',
  schemes: '',
  credentials: '',
  id: '',
};

/** An HTTP token (RFC 9110, section 5.6.2): what a scheme name may be. */
const TOKEN = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
const LINE_BREAK = /[\r\n]/;

export function buildCustomPushConfig(
  fields: CustomPushFields,
): { config: PushConfigInput } | { error: string } {
  const text = fields.url.trim();
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { error: `The webhook URL must be an absolute http:// or https:// URL, not "${fields.url}".` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return { error: `The webhook URL must use http:// or https://, not ${url.protocol}//.` };
  }
  if (url.username || url.password) {
    return { error: 'Put no user name or password in the webhook URL: use the credentials field.' };
  }
  if (LINE_BREAK.test(fields.token)) return { error: 'The token must be one line.' };
  if (LINE_BREAK.test(fields.credentials)) return { error: 'The credentials must be one line.' };
  const schemes = fields.schemes
    .split(',')
    .map((scheme) => scheme.trim())
    .filter((scheme) => scheme !== '');
  const bad = schemes.find((scheme) => !TOKEN.test(scheme));
  if (bad !== undefined)
    return { error: `"${bad}" is not an authentication scheme name (like Bearer or Basic).` };
  if (fields.credentials.trim() && schemes.length === 0) {
    return { error: 'Credentials need an authentication scheme to go with them (like Bearer).' };
  }
  return {
    config: {
      url: text,
      ...(fields.id.trim() ? { id: fields.id.trim() } : {}),
      ...(fields.token ? { token: fields.token } : {}),
      ...(schemes.length > 0 ? { authSchemes: schemes } : {}),
      ...(fields.credentials.trim() ? { credentials: fields.credentials.trim() } : {}),
    },
  };
}

/** Whether the chosen interface has this push operation; an agent with no usable interface is let through. */
export function supportsPush(agent: AgentSummary, operation: Operation): boolean {
  const chosen = agent.chosen;
  const adapter = chosen?.binding ? findAdapter(chosen.generation, chosen.binding) : undefined;
  return adapter ? adapter.supports.has(operation) : true;
}

/** What the card or the generation rules out, in words; empty when every push call may be tried. */
export function pushLimits(agent: AgentSummary): string[] {
  const limits: string[] = [];
  let card: unknown;
  try {
    card = JSON.parse(agent.cardText) as unknown;
  } catch {
    card = undefined;
  }
  if (cardFlag(card, 'capabilities.pushNotifications') !== true) {
    limits.push(
      'The card does not declare capabilities.pushNotifications: the agent is likely to refuse push configs.',
    );
  }
  const missing = (['pushConfigList', 'pushConfigDelete'] as const).filter((op) => !supportsPush(agent, op));
  if (missing.length > 0) {
    const names = missing.map((op) => (op === 'pushConfigList' ? 'list' : 'delete')).join(' or ');
    limits.push(
      `A2A ${agent.chosen?.generation ?? agent.generation} has no ${names} of push configs: only set and get.`,
    );
  }
  return limits;
}
