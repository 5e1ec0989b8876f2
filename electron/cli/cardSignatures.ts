// A card's signatures on the command line (CARD-7 in `card` and `check`): whether the card is signed
// and by which key (kid, alg, jku), verified exactly as the app verifies them (shared/a2a/cardSignature/verify.ts)
// when the user gives the keys: `--jwks F`, or `--fetch-jwks`, the command-line form of the app's "Fetch the key set"
// consent, fetched by the host like the app's fetch (a frame like any other). Only https, or http to this machine, is
// fetched: a key set that crossed the network in clear text proves nothing.

import { readFile } from 'node:fs/promises';
import type { JWK } from 'jose';
import { readSignatureEntries } from '../../shared/a2a/cardSignature/headers';
import { readJwks, verifyCardSignatures, type SignatureCheck } from '../../shared/a2a/cardSignature/verify';
import type { HostService } from '../../shared/host/hostApi';
import type { Finding } from '../../shared/wire/finding';
import { isLoopback } from '../host/net/proxySelection';
import { opt, type Invocation } from './args';

const SPEC = 'A2A 1.0 §8.4.3 Signature Verification';
const SPEC_URL = 'https://a2a-protocol.org/latest/specification/#843-signature-verification';
export const NOT_VERIFIED = 'signed, not verified (pass --jwks or --fetch-jwks)';

/** What the command line found out about a card's signatures: lines for people, JSON and findings for machines. */
export interface SignatureReport {
  signed: boolean;
  /** True when at least one signature verified (several allow key rotation, A2A 1.0 §8.4.3). */
  verified: boolean;
  /** Where the keys came from: the --jwks file or the fetched jku; absent without keys. */
  keysFrom?: string[];
  checks: SignatureCheck[];
  lines: string[];
  findings: Finding[];
}

type Keys = { keys?: JWK[]; from?: string[]; problem?: string };

/** The --jwks file read and checked before the agent is contacted: a wrong path or key set is a usage error. */
export async function readJwksOption(
  inv: Invocation,
): Promise<{ keys: JWK[] } | { error: string } | undefined> {
  const file = opt.text(inv, '--jwks');
  if (file !== undefined && opt.flag(inv, '--fetch-jwks'))
    return { error: 'Give --jwks F or --fetch-jwks, not both.' };
  if (file === undefined) return undefined;
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    return { error: `--jwks ${file}: ${(error as Error).message}` };
  }
  const read = readJwks(text);
  return read.ok ? { keys: read.keys } : { error: `--jwks ${file}: ${read.reason}` };
}

/** Whether the command line may fetch this key set: https anywhere, http only to this machine. */
export function fetchableJku(jku: string): string | undefined {
  let url: URL;
  try {
    url = new URL(jku);
  } catch {
    return `the key set ${JSON.stringify(jku)} is not a URL.`;
  }
  if (url.protocol === 'https:') return undefined;
  if (url.protocol === 'http:' && isLoopback(url.hostname)) return undefined;
  return `the key set ${jku} is not fetched: only https, or http to this machine, can be trusted to carry keys.`;
}

async function fetchKeys(host: HostService, jkus: readonly string[]): Promise<Keys> {
  if (jkus.length === 0)
    return { problem: '--fetch-jwks: the signature names no key set (jku); pass --jwks F.' };
  const keys: JWK[] = [];
  for (const jku of jkus) {
    const refused = fetchableJku(jku);
    if (refused) return { problem: `--fetch-jwks: ${refused}` };
    // The same request the app makes when the user says yes (renderer/features/card/useSignatureCheck.ts).
    const frame = await host.fetchRaw({
      method: 'GET',
      url: jku,
      headers: [['Accept', 'application/jwk-set+json, application/json']],
      maxBodyBytes: 1024 * 1024,
      timeouts: { connectMs: 10_000, totalMs: 30_000 },
      source: 'card-signature-jku',
    });
    if (frame.error || !frame.response)
      return {
        problem: `--fetch-jwks: ${jku} could not be fetched: ${frame.error?.message ?? 'no answer'}.`,
      };
    if (frame.response.status !== 200)
      return { problem: `--fetch-jwks: ${jku} could not be fetched: HTTP ${frame.response.status}.` };
    const read = readJwks(frame.response.body.text);
    if (!read.ok) return { problem: `--fetch-jwks: ${jku}: ${read.reason}` };
    keys.push(...read.keys);
  }
  return { keys, from: [...jkus] };
}

/** Reads, and when keys are given verifies, the signatures of the card in `cardText`. */
export async function checkSignatures(
  host: HostService,
  inv: Invocation,
  cardText: string,
  jwks: { keys: JWK[] } | undefined,
): Promise<SignatureReport> {
  let card: unknown;
  try {
    card = JSON.parse(cardText);
  } catch {
    card = undefined;
  }
  const entries = readSignatureEntries(card);
  if (entries.length === 0)
    return {
      signed: false,
      verified: false,
      checks: [],
      lines: ['Signature: none (the card is not signed).'],
      findings: [],
    };
  const jkus = [...new Set(entries.flatMap((e) => ('header' in e && e.header.jku ? [e.header.jku] : [])))];
  const given: Keys = jwks
    ? { keys: jwks.keys, from: [opt.text(inv, '--jwks')!] }
    : opt.flag(inv, '--fetch-jwks')
      ? await fetchKeys(host, jkus)
      : {};
  const result = await verifyCardSignatures(card, given.keys);
  const lines: string[] = [];
  const findings: Finding[] = [];
  if (given.problem) {
    lines.push(given.problem);
    findings.push(signatureFinding(given.problem, '/signatures'));
  }
  for (const check of result.checks) lines.push(...checkLines(check, given, findings));
  return {
    signed: true,
    verified: result.verified,
    ...(given.from ? { keysFrom: given.from } : {}),
    checks: result.checks,
    lines,
    findings,
  };
}

function checkLines(check: SignatureCheck, given: Keys, findings: Finding[]): string[] {
  const { header, verdict } = check;
  const who = `Signed: kid ${header.kid ?? '(none)'}, alg ${header.alg ?? '(none)'}, key set ${header.jku ?? '(not named)'}`;
  const label = check.index > 0 ? `${who} (signature ${check.index + 1})` : who;
  if (verdict.status === 'verified')
    return [
      `${label}`,
      `  verified with ${given.from?.join(', ') ?? 'the key set'} (${verdict.canonicalization.label})`,
    ];
  if (verdict.status === 'no-key') {
    // Without keys the card is simply not verified yet; with keys that lack its kid, that is worth a warning.
    if (!given.keys) return [label, `  ${NOT_VERIFIED}`];
    findings.push({ ...signatureFinding(verdict.reason, check.pointer), severity: 'warning' });
    return [label, `  not verified: ${verdict.reason}`];
  }
  findings.push(signatureFinding(`The card's signature does not verify: ${verdict.reason}`, check.pointer));
  return [
    label,
    `  does NOT verify: ${verdict.reason}`,
    ...verdict.attempts.map((attempt) => `    ${attempt}`),
  ];
}

function signatureFinding(message: string, pointer: string): Finding {
  return { rule: 'card.signature', severity: 'error', message, pointer, spec: SPEC, specUrl: SPEC_URL };
}
