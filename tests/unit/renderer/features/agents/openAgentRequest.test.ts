// NET-1 in the open-agent form: the address, card path and Connection fields as the open request, and the
// fingerprint a TLS failure names, which the form offers to accept.

import { describe, expect, it } from 'vitest';
import { connectionDraft } from '../../../../../renderer/features/agents/connectionDraft';
import {
  openRequestFromForm,
  presentedFingerprint,
} from '../../../../../renderer/features/agents/openAgentRequest';

const FP = Array.from({ length: 32 }, (_, i) => (i * 7).toString(16).padStart(2, '0').toUpperCase()).join(
  ':',
);
const OTHER = FP.replace(/^00/, 'FF');
const empty = connectionDraft(undefined);

describe('the open-agent form as a request', () => {
  it('sends the trimmed URL alone when nothing else is typed', () => {
    expect(openRequestFromForm({ url: ' https://a.example ', cardPath: ' ', connection: empty })).toEqual({
      ok: true,
      request: { kind: 'url', url: 'https://a.example' },
    });
  });

  it('sends the card path and the Connection fields as settings.connection', () => {
    const connection = {
      ...empty,
      acceptFingerprint: ` ${FP} `,
      ca: 'ca.pem',
      passphrase: ' kept as typed ',
    };
    expect(openRequestFromForm({ url: 'https://a.example', cardPath: '/card.json', connection })).toEqual({
      ok: true,
      request: {
        kind: 'url',
        url: 'https://a.example',
        cardPath: '/card.json',
        settings: { connection: { acceptFingerprint: FP, ca: 'ca.pem', passphrase: ' kept as typed ' } },
      },
    });
  });

  it('refuses an empty URL with a message that says what to do', () => {
    const result = openRequestFromForm({ url: '   ', cardPath: '', connection: { ...empty, proxy: 'none' } });
    expect(result).toEqual({ ok: false, message: 'Type the agent URL or the card URL first.' });
  });
});

describe('the fingerprint a failed open names', () => {
  it('is read from the untrusted-certificate message', () => {
    const message =
      `127.0.0.1 presented a certificate that is not trusted (DEPTH_ZERO_SELF_SIGNED_CERT); its SHA-256 ` +
      `fingerprint is ${FP}. To trust it, give the agent the CA certificate that issued it, or accept it.`;
    expect(presentedFingerprint(message)).toBe(FP);
  });

  it('is the presented one, not the accepted one, when the fingerprint differs', () => {
    const message =
      `127.0.0.1 presented a certificate with SHA-256 fingerprint ${FP}, but the fingerprint accepted for ` +
      `this agent is ${OTHER}. Nothing was sent.`;
    expect(presentedFingerprint(message)).toBe(FP);
  });

  it('is absent from other failures and from a short or lower-case hex string', () => {
    expect(presentedFingerprint(undefined)).toBeUndefined();
    expect(presentedFingerprint('Connection refused by 127.0.0.1:1')).toBeUndefined();
    expect(presentedFingerprint('SHA-256 fingerprint is AB:CD')).toBeUndefined();
    expect(presentedFingerprint(`SHA-256 fingerprint is ${FP.toLowerCase()}`)).toBeUndefined();
  });
});
