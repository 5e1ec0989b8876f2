// `card` and `check` on a signed card (CARD-7 on the command line, CLI-1): the 1.0 peer's card signed in the test by
// the official SDK's own generateAgentCardSignature (ES256, key set named by jku) and served with its JWKS on
// 127.0.0.1; then the same card changed after signing. Verified with --jwks or --fetch-jwks, refused when altered
// (exit 1), and "signed, not verified" without keys; bad key options are usage errors (exit 2).

import { generateAgentCardSignature } from '@a2a-js/sdk';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchableJku } from '../../electron/cli/cardSignatures';
import { peers, type PeerHandle } from '../peers';
import { bundleEntry } from './support/bundleEntry';
import { jsonLines, runCli } from './support/cliProcess';
import { startLocalServer, type LocalServer } from './support/localServer';
import { suiteTempDir } from '../unit/support/tempDir';

type Card = Record<string, unknown>;

let cli: string;
let peer: PeerHandle;
let server: LocalServer;
let jwk: JWK;
let signedCard: Card;
/** What the server serves as its card: the signed one, or it changed after signing. */
let served: Card;
const tempDir = suiteTempDir('sb-cli-signatures-');

beforeAll(async () => {
  [cli, peer] = await Promise.all([bundleEntry('electron/cli.ts'), peers['v1.0']()]);
  const card = (await (await fetch(`${peer.baseUrl}/.well-known/agent-card.json`)).json()) as Card;
  server = await startLocalServer((req, res) => {
    const body = req.url === '/jwks.json' ? { keys: [jwk] } : req.url?.includes('agent') ? served : undefined;
    res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body ?? { error: 'not here' }));
  });
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  jwk = { ...(await exportJWK(publicKey)), kid: 'cli-key-1', alg: 'ES256', use: 'sig' };
  const sign = generateAgentCardSignature(privateKey, {
    alg: 'ES256',
    kid: 'cli-key-1',
    jku: `${server.url}/jwks.json`,
    typ: 'JOSE',
  });
  signedCard = (await sign(card as never)) as unknown as Card;
  served = signedCard;
});
afterAll(async () => {
  await server?.close();
  await peer?.close();
});

const run = (args: string[]) => runCli(cli, args);

function signatureFindings(doc: Record<string, unknown> | undefined): unknown[] {
  return ((doc?.findings ?? []) as Array<{ rule: string }>).filter(
    (finding) => finding.rule === 'card.signature',
  );
}

describe('card on a card signed by @a2a-js/sdk', () => {
  it('names the key without keys; verifies with --jwks F and with --fetch-jwks (exit 0)', async () => {
    served = signedCard;
    const bare = await run(['card', server.url]);
    expect(bare.code).toBe(0);
    expect(bare.stdout).toContain(`Signed: kid cli-key-1, alg ES256, key set ${server.url}/jwks.json`);
    expect(bare.stdout).toContain('signed, not verified (pass --jwks or --fetch-jwks)');

    const file = path.join(tempDir(), 'keys.json');
    await writeFile(file, JSON.stringify({ keys: [jwk] }));
    const withFile = await run(['card', server.url, '--jwks', file]);
    expect(withFile.code).toBe(0);
    expect(withFile.stdout).toContain(`verified with ${file}`);
    // The interfaces live on the peer, not where this card is served: warnings only, no error.
    expect(withFile.stdout).not.toContain('error:');

    const fetched = await run(['card', server.url, '--fetch-jwks', '--json']);
    expect(fetched.code).toBe(0);
    const [doc] = jsonLines(fetched.stdout);
    expect(doc).toMatchObject({
      signature: { signed: true, verified: true, keysFrom: [`${server.url}/jwks.json`] },
    });
    expect(signatureFindings(doc)).toEqual([]);
    expect((doc!.signature as { checks: Array<{ header: unknown }> }).checks[0]!.header).toMatchObject({
      kid: 'cli-key-1',
      alg: 'ES256',
    });
  }, 60_000);

  it('refuses the same card changed after signing: an error finding and exit 1; unverified without keys', async () => {
    served = { ...signedCard, description: 'Changed after signing' };
    const refused = await run(['card', server.url, '--fetch-jwks']);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toContain('does NOT verify');
    expect(refused.stdout).toContain("error: The card's signature does not verify");
    const json = await run(['card', server.url, '--fetch-jwks', '--json']);
    expect(json.code).toBe(1);
    const [doc] = jsonLines(json.stdout);
    expect(doc).toMatchObject({ signature: { signed: true, verified: false } });
    expect(signatureFindings(doc)).toMatchObject([
      { rule: 'card.signature', severity: 'error', pointer: '/signatures/0' },
    ]);
    const unverified = await run(['card', server.url]);
    expect(unverified.code).toBe(0);
    expect(unverified.stdout).toContain('signed, not verified (pass --jwks or --fetch-jwks)');
  }, 60_000);

  it('an unsigned card says so; bad key options are usage errors before anything is sent', async () => {
    const plain = await run(['card', peer.baseUrl]);
    expect(plain.stdout).toContain('Signature: none (the card is not signed).');
    const both = await run(['card', server.url, '--jwks', 'x.json', '--fetch-jwks']);
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('Give --jwks F or --fetch-jwks, not both.');
    const missing = await run(['card', server.url, '--jwks', path.join(tempDir(), 'nope.json')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('ENOENT');
    const notKeys = path.join(tempDir(), 'not-keys.json');
    await writeFile(notKeys, '{"keys": []}');
    const empty = await run(['card', server.url, '--jwks', notKeys]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('The key set has no keys');
  }, 60_000);

  it('fetches only https, or http to this machine', () => {
    expect(fetchableJku('https://keys.example/jwks.json')).toBeUndefined();
    expect(fetchableJku('http://127.0.0.1:8080/jwks.json')).toBeUndefined();
    expect(fetchableJku('http://localhost/jwks.json')).toBeUndefined();
    expect(fetchableJku('http://keys.example/jwks.json')).toContain('only https, or http to this machine');
    expect(fetchableJku('file:///etc/keys')).toContain('only https');
    expect(fetchableJku('not a url')).toContain('is not a URL');
  }, 60_000);
});

describe('check on a signed card', () => {
  it('verified: exit as the checks say; altered: exit 1 with the signature named', async () => {
    served = signedCard;
    const good = await run(['check', server.url, '--no-probes', '--fetch-jwks', '--json']);
    const [report] = jsonLines(good.stdout);
    expect(report).toMatchObject({ signature: { signed: true, verified: true, findings: [] } });
    served = { ...signedCard, name: 'Someone else' };
    const junit = path.join(tempDir(), 'check.xml');
    const bad = await run(['check', server.url, '--no-probes', '--fetch-jwks', '--junit', junit]);
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain("[card-signature] The card's signature does not verify");
    expect(await readFile(junit, 'utf8')).toContain('card-signature');
    expect(bad.stdout).toContain('Signed: kid cli-key-1, alg ES256');
    expect(bad.stdout).toContain('does NOT verify');
    const bare = await run(['check', server.url, '--no-probes']);
    expect(bare.stdout).toContain('signed, not verified (pass --jwks or --fetch-jwks)');
  }, 60_000);
});
