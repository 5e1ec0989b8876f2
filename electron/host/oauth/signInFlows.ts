// Runs OAuth 2 sign-ins with authorization code and PKCE for the agent client (AUTH-3). Starting one makes a verifier,
// a state and a loopback listener, and hands back the URL for the renderer to open in the system browser (desktop)
// or a new tab (browser edition). The redirect that comes back is recorded as a frame, its state checked, and the
// code exchanged with the verifier at the token endpoint (another recorded frame). The host keeps the tokens; the
// renderer only ever sees the steps.

import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { SignInFlow, SignInStart, SignInStep } from '../../../shared/host/signIn';
import type { HttpFrame } from '../../../shared/wire/frame';
import type { AgentAuth } from '../../../shared/host/agent';
import type { AgentRecord } from '../agent/agentRecord';
import { originNeedingConsent } from '../agent/credentials';
import { tokenEndpointReason } from '../agent/operationRunner';
import type { Recorder } from '../agent/recorder';
import { toBodyBytes } from '../bodyBytes';
import { startLoopbackRedirect, type LoopbackRedirect, type SeenRedirect } from './loopbackRedirect';
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
      const refused = tokenOriginRefusal(record, auth);
      if (refused) return refused;
      // One sign-in per agent at a time: a second press starts over with a new state and verifier.
      cancel(record.id);
      const pkce = createPkce();
      const state = createState();
      let seen: SeenRedirect | undefined;
      const redirect = await startLoopbackRedirect({
        state,
        timeoutMs,
        onAnswer: (s) => (seen = s),
        onRefused: (s) => recordRedirect(recorder, s),
      });
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
      const flow = waitingFlow(record.id, url, redirect.redirectUri);
      const done = completeSignIn({
        recorder,
        record,
        auth,
        verifier: pkce.verifier,
        redirect,
        url,
        flow,
        seen: () => seen,
      });
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

type CodeAuth = Extract<AgentAuth, { type: 'oauth2-authorization-code' }>;

/** A token endpoint on another origin needs the user's word first (AUTH-5): the code and verifier would go there. */
function tokenOriginRefusal(record: AgentRecord, auth: CodeAuth): SignInStart | undefined {
  const tokenOrigin = originNeedingConsent(auth.tokenUrl, record.origin, record.settings.trustedOrigins);
  if (!tokenOrigin) return undefined;
  const reason = tokenEndpointReason(auth);
  return {
    ok: false,
    message: `The token endpoint is on ${tokenOrigin}, not this agent's origin. Allow it first. ${reason}`,
    confirm: { origin: tokenOrigin, reason },
  };
}

/** A new flow, waiting for the browser to come back. */
function waitingFlow(agentId: string, url: string, redirectUri: string): SignInFlow {
  return {
    id: randomUUID(),
    agentId,
    status: 'waiting',
    authorizationUrl: url,
    redirectUri,
    steps: [
      {
        step: 'authorize',
        status: 'waiting',
        text: `Sign in at ${new URL(url).origin} in the browser and allow access. Switchboard waits for the browser to come back to ${redirectUri}.`,
      },
    ],
  };
}

/** A flow under way: what it needs to take the redirect and exchange the code. */
interface SignInRun {
  recorder: Recorder;
  record: AgentRecord;
  auth: CodeAuth;
  verifier: string;
  redirect: LoopbackRedirect;
  /** The authorization URL the browser was sent to. */
  url: string;
  flow: SignInFlow;
  /** The browser's request to the listener, once it came. */
  seen: () => SeenRedirect | undefined;
}

/** Waits for the redirect, records it, and exchanges the code for tokens; each step is told on the flow. */
async function completeSignIn(run: SignInRun): Promise<SignInFlow> {
  const { recorder, record, auth, redirect, url, flow } = run;
  const outcome = await redirect.outcome;
  const seen = run.seen();
  const frameId = seen ? recordRedirect(recorder, seen) : undefined;
  if (!seen) {
    step(flow, {
      step: 'authorize',
      status: 'failed',
      text: outcome.ok ? '' : `No redirect: ${outcome.reason}`,
    });
    return fail(flow, outcome.ok ? 'The sign-in stopped.' : `Sign-in failed: ${outcome.reason}`);
  }
  step(flow, {
    step: 'authorize',
    status: 'done',
    text: `The browser came back from ${new URL(url).origin}.`,
  });
  if (!outcome.ok) {
    step(flow, {
      step: 'redirect',
      status: 'failed',
      text: `Redirect refused: ${outcome.reason}`,
      ...ids(frameId),
    });
    return fail(flow, `Sign-in failed: ${outcome.reason}`);
  }
  step(flow, {
    step: 'redirect',
    status: 'done',
    text: 'The redirect carries a code and the state this sign-in sent.',
    ...ids(frameId),
  });
  flow.status = 'exchanging';
  step(flow, { step: 'token', status: 'waiting', text: `Exchanging the code at ${auth.tokenUrl}.` });
  const token = await record.oauth.exchangeCode(auth, {
    code: outcome.code,
    verifier: run.verifier,
    redirectUri: redirect.redirectUri,
  });
  if (!token.ok) {
    step(flow, { step: 'token', status: 'failed', text: token.message, ...ids(token.frameId) });
    return fail(flow, `Sign-in failed at the token endpoint: ${token.message}`);
  }
  const signedIn = record.oauth.signedIn(auth);
  const lapses =
    signedIn && Number.isFinite(signedIn.expiresAt)
      ? `it lapses at ${new Date(signedIn.expiresAt).toISOString()}`
      : 'the endpoint gave no lifetime';
  step(flow, {
    step: 'token',
    status: 'done',
    text: `Access token received (the verifier matched); ${lapses}${signedIn?.refreshable ? ', and a refresh token renews it' : ''}.`,
    ...ids(token.frameId),
  });
  flow.status = 'signed-in';
  if (signedIn && Number.isFinite(signedIn.expiresAt)) flow.expiresAt = signedIn.expiresAt;
  if (signedIn) flow.refreshable = signedIn.refreshable;
  return flow;
}

/** A step's newest state replaces the one before it, and moves to the end. */
function step(flow: SignInFlow, next: SignInStep): void {
  flow.steps = [...flow.steps.filter((s) => s.step !== next.step), next];
}

function fail(flow: SignInFlow, message: string): SignInFlow {
  flow.status = 'failed';
  flow.message = message;
  return flow;
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
      statusText: STATUS_CODES[seen.status] ?? '',
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
