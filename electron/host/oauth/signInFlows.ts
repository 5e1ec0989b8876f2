// Runs OAuth 2 sign-ins with authorization code and PKCE for the agent client (AUTH-3). Starting one makes a verifier,
// a state and a loopback listener, and hands back the URL for the renderer to open in the system browser (desktop)
// or a new tab (browser edition). The redirect that comes back is recorded as a frame, its state checked, and the
// code exchanged with the verifier at the token endpoint (another recorded frame). The host keeps the tokens; the
// renderer only ever sees the steps.

import { randomUUID } from 'node:crypto';
import type { SignInFlow, SignInStart, SignInStep } from '../../../shared/host/signIn';
import type { HttpFrame } from '../../../shared/wire/frame';
import type { AgentRecord } from '../agent/agentRecord';
import { originNeedingConsent } from '../agent/credentials';
import { tokenEndpointReason } from '../agent/operationRunner';
import type { Recorder } from '../agent/recorder';
import { toBodyBytes } from '../bodyBytes';
import { startLoopbackRedirect, type SeenRedirect } from './loopbackRedirect';
import { authorizationUrl, createPkce, createState } from './pkce';

/** Long enough to type a password and pass a second factor; the listener closes after it. */
export const SIGN_IN_TIMEOUT_MS = 5 * 60_000;

export interface SignInFlows {
  start(record: AgentRecord): Promise<SignInStart>;
  /** The flow once it has ended (signed in or failed); at once when it already has. */
  settled(flowId: string): Promise<SignInFlow>;
  /** Stops the agent's flow under way, if any (the agent was forgotten). */
  cancel(agentId: string): void;
}

interface Running {
  flow: SignInFlow;
  done: Promise<SignInFlow>;
  close(): Promise<void>;
}

export function createSignInFlows(recorder: Recorder, timeoutMs = SIGN_IN_TIMEOUT_MS): SignInFlows {
  const flows = new Map<string, Running>();
  const latest = new Map<string, string>();

  const cancel = (agentId: string) => {
    const id = latest.get(agentId);
    const running = id === undefined ? undefined : flows.get(id);
    if (running && (running.flow.status === 'waiting' || running.flow.status === 'exchanging')) {
      void running.close();
    }
  };

  return {
    async start(record) {
      const auth = record.settings.auth;
      if (auth.type !== 'oauth2-authorization-code') {
        return {
          ok: false,
          message:
            'Sign-in needs the auth type "OAuth 2 authorization code (PKCE)" in the agent\'s settings.',
        };
      }
      const tokenOrigin = originNeedingConsent(auth.tokenUrl, record.origin, record.settings.trustedOrigins);
      if (tokenOrigin) {
        const reason = tokenEndpointReason(auth);
        return {
          ok: false,
          message: `The token endpoint is on ${tokenOrigin}, not this agent's origin. Allow it first. ${reason}`,
          confirm: { origin: tokenOrigin, reason },
        };
      }
      // One sign-in per agent at a time: a second press starts over with a new state and verifier.
      cancel(record.id);
      const pkce = createPkce();
      const state = createState();
      let seen: SeenRedirect | undefined;
      const redirect = await startLoopbackRedirect({ state, timeoutMs, onAnswer: (s) => (seen = s) });
      let url: string;
      try {
        url = authorizationUrl({
          authorizationUrl: auth.authorizationUrl,
          clientId: auth.clientId,
          redirectUri: redirect.redirectUri,
          ...(auth.scopes ? { scopes: auth.scopes } : {}),
          state,
          challenge: pkce.challenge,
        });
      } catch (error) {
        await redirect.close();
        return { ok: false, message: (error as Error).message };
      }
      const flow: SignInFlow = {
        id: randomUUID(),
        agentId: record.id,
        status: 'waiting',
        authorizationUrl: url,
        redirectUri: redirect.redirectUri,
        steps: [
          {
            step: 'authorize',
            status: 'waiting',
            text: `Sign in at ${new URL(url).origin} in the browser and allow access. Switchboard waits for the browser to come back to ${redirect.redirectUri}.`,
          },
        ],
      };
      const step = (next: SignInStep) => {
        flow.steps = [...flow.steps.filter((s) => s.step !== next.step), next];
      };
      const fail = (message: string) => {
        flow.status = 'failed';
        flow.message = message;
        return flow;
      };

      const done = (async (): Promise<SignInFlow> => {
        const outcome = await redirect.outcome;
        const frameId = seen ? recordRedirect(recorder, seen) : undefined;
        if (!seen) {
          step({
            step: 'authorize',
            status: 'failed',
            text: outcome.ok ? '' : `No redirect: ${outcome.reason}`,
          });
          return fail(outcome.ok ? 'The sign-in stopped.' : `Sign-in failed: ${outcome.reason}`);
        }
        step({
          step: 'authorize',
          status: 'done',
          text: `The browser came back from ${new URL(url).origin}.`,
        });
        if (!outcome.ok) {
          step({
            step: 'redirect',
            status: 'failed',
            text: `Redirect refused: ${outcome.reason}`,
            ...ids(frameId),
          });
          return fail(`Sign-in failed: ${outcome.reason}`);
        }
        step({
          step: 'redirect',
          status: 'done',
          text: 'The redirect carries a code and the state this sign-in sent.',
          ...ids(frameId),
        });
        flow.status = 'exchanging';
        step({ step: 'token', status: 'waiting', text: `Exchanging the code at ${auth.tokenUrl}.` });
        const token = await record.oauth.exchangeCode(auth, {
          code: outcome.code,
          verifier: pkce.verifier,
          redirectUri: redirect.redirectUri,
        });
        if (!token.ok) {
          step({ step: 'token', status: 'failed', text: token.message, ...ids(token.frameId) });
          return fail(`Sign-in failed at the token endpoint: ${token.message}`);
        }
        const signedIn = record.oauth.signedIn(auth);
        const lapses =
          signedIn && Number.isFinite(signedIn.expiresAt)
            ? `it lapses at ${new Date(signedIn.expiresAt).toISOString()}`
            : 'the endpoint gave no lifetime';
        step({
          step: 'token',
          status: 'done',
          text: `Access token received (the verifier matched); ${lapses}${signedIn?.refreshable ? ', and a refresh token renews it' : ''}.`,
          ...ids(token.frameId),
        });
        flow.status = 'signed-in';
        if (signedIn && Number.isFinite(signedIn.expiresAt)) flow.expiresAt = signedIn.expiresAt;
        if (signedIn) flow.refreshable = signedIn.refreshable;
        return flow;
      })();
      flows.set(flow.id, {
        flow,
        done,
        close: redirect.close,
      });
      latest.set(record.id, flow.id);
      return { ok: true, flow: { ...flow } };
    },

    async settled(flowId) {
      const running = flows.get(flowId);
      if (!running) throw new Error(`No sign-in ${flowId} is known to this host.`);
      return { ...(await running.done) };
    },

    cancel,
  };
}

function ids(frameId: string | undefined): { frameId?: string } {
  return frameId === undefined ? {} : { frameId };
}

/** The browser's request to the loopback listener, as an exchange seen from the host's side (its code masked). */
function recordRedirect(recorder: Recorder, seen: SeenRedirect): string {
  const now = recorder.deps.now();
  const frame: HttpFrame = {
    kind: 'http',
    id: recorder.deps.nextId(),
    source: 'oauth:redirect',
    timing: { start: now, end: now },
    request: { method: 'GET', url: seen.url, headers: seen.headers },
    response: {
      status: seen.status,
      statusText: seen.status === 200 ? 'OK' : 'Bad Request',
      httpVersion: seen.httpVersion,
      headers: seen.responseHeaders,
      body: toBodyBytes(Buffer.from(seen.body)),
    },
    ...(seen.remote ? { remote: seen.remote } : {}),
    secrets: [{ in: 'query', name: 'code' }],
  };
  recorder.publish(frame);
  return frame.id;
}
