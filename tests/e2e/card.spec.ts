// The card view against real servers, in both projects: a broken card's findings as markers at the right lines
// (CARD-4), the extended card as a diff against the public card (CARD-6), a compat server's other card, and a signed
// card verified against the key set its signature names, fetched only after the user agrees (CARD-7).

import { exportJWK, FlattenedSign, generateKeyPair } from 'jose';
import { PEER_BEARER_TOKEN } from '../peers/peerAuth';
import { expect, test } from './fixtures';
import { CardPage } from './support/cardPage';
import { listenLocal, type LocalServer } from './support/testServer';

/** A 1.0 card broken on purpose; the comments name the finding each line must carry. */
const BROKEN_CARD = [
  '{',
  '  "name": "Broken agent",',
  '  "description": "A 1.0 card broken on purpose",',
  '  "version": "1.0.0",',
  '  "supportedInterfaces": [',
  '    { "url": "not a url", "protocolBinding": "JSONRPC", "protocolVersion": "1.0" }', // 6: card.interface-url
  '  ],',
  '  "capabilities": { "streaming": "yes" },', // 8: card.schema (not a boolean)
  '  "securityRequirements": [{ "schemes": { "oauth": { "list": [] } } }],', // 9: card.undefined-scheme
  '  "defaultInputModes": ["text/plain"],',
  '  "defaultOutputModes": ["text/plain"],',
  '  "skills": [{ "id": "s", "name": "S", "description": "d", "tags": [] }],',
  '  "favouriteColour": "teal"', // 13: card.unknown-field
  '}',
].join('\n');

/** Serves one card at the well-known path on 127.0.0.1, for this test only. */
function serveCard(text: string): Promise<LocalServer> {
  return listenLocal((req, res) => {
    if (req.url === '/.well-known/agent-card.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(text);
    } else {
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{"error":"not found"}');
    }
  });
}

test('a broken card: markers at the right lines, findings listed', async ({ app, record }) => {
  const server = await serveCard(BROKEN_CARD);
  try {
    const card = new CardPage(app.page);
    await test.step('open the broken card', async () => {
      await app.openAgent(server.url);
      await expect(app.cardName()).toHaveText('Broken agent');
    });

    await test.step('read the markers and the findings, each at its line', async () => {
      expect(await card.markerLines()).toEqual([6, 8, 9, 13]);
      await expect(card.findings()).toHaveCount(4);
      expect(await card.findingLine('card.interface-url')).toBe(6);
      expect(await card.findingLine('card.schema')).toBe(8);
      expect(await card.findingLine('card.undefined-scheme')).toBe(9);
      expect(await card.findingLine('card.unknown-field')).toBe(13);
      await expect(card.findings()).toContainText([
        'Interface URL "not a url" is not an absolute URL.',
        '"/capabilities/streaming" must be boolean.',
        'names "oauth", which securitySchemes does not define',
        '"favouriteColour" is not a field of a 1.0 card',
      ]);
    });

    await test.step('click findings: the editor reveals their lines', async () => {
      await card.revealFinding('card.unknown-field');
      await expect.poll(() => card.cursorLine()).toBe('13');
      await card.revealFinding('card.interface-url');
      await expect.poll(() => card.cursorLine()).toBe('6');
      await expect(card.extraField('/favouriteColour')).toContainText('"teal"');
    });

    await test.step('show the card pretty-printed: the markers follow', async () => {
      // The same findings in the pretty-printed text sit on that text's lines.
      await card.showCardText('pretty');
      expect(await card.markerLines()).toEqual([6, 13, 18, 38]);
    });
    expect(record.pageErrors).toEqual([]);
  } finally {
    await server.close();
  }
});

test('extended card: fetched with a bearer token, shown as a diff against the public card', async ({
  app,
  startPeer,
}) => {
  const peer = await startPeer('v1.0');
  const card = new CardPage(app.page);
  await app.openAgent(peer.baseUrl);
  await expect(card.noFindings()).toBeVisible();
  await expect(card.extendedOffer()).toContainText('capabilities.extendedAgentCard');

  await test.step('fetch the extended card without credentials: the public card again', async () => {
    // Without credentials the SDK quietly answers with the public card: nothing differs, and the page says so.
    await card.fetchExtendedCard();
    await expect(card.extendedOutcome()).toHaveAttribute('data-status', 'result');
    await expect(card.extendedDiff()).toHaveAttribute('data-empty', 'true');
  });

  await test.step('fetch it with the bearer token: the diff shows what it adds', async () => {
    await card.fetchExtendedCard(PEER_BEARER_TOKEN);
    await expect(card.extendedCredentials()).toContainText('A bearer token is set');
    await expect(card.extendedOutcome()).toHaveText('The agent sent its extended card.');
    const added = card.extendedDiffEntry('added', '/skills/1');
    await expect(added).toContainText('"id":"extended-echo"');
    await expect(card.extendedDiffEntry('changed', '/description')).toContainText('(extended card)');
  });
});

test('a compat server answers another card without A2A-Version: listed, compared, readable', async ({
  app,
  startPeer,
}) => {
  const peer = await startPeer('v1.0-compat');
  const card = new CardPage(app.page);
  await test.step('open the compat server: its other card is listed', async () => {
    await app.openAgent(peer.baseUrl);
    await expect(card.variants()).toBeVisible();
    await expect(card.mainVariant()).toContainText('With A2A-Version: 1.0');
    await expect(card.variantOptions()).toHaveCount(1);
    await expect(card.variantOptions()).toHaveAttribute('data-a2a-version', '');
    await expect(card.variantOptions()).toContainText('Without A2A-Version');
  });

  await test.step('compare the two cards', async () => {
    // The header-less card is the 0.3 shape: it states protocolVersion and the old extended-card flag.
    await expect(card.variantDiffEntry('added', '/protocolVersion')).toContainText('"0.3"');
    await expect(card.variantDiffEntry('added', '/supportsAuthenticatedExtendedCard')).toContainText('true');
  });

  await test.step('show the other card in its editor', async () => {
    await card.showVariantCard();
    await expect(card.editor('variant')).toHaveAttribute('data-markers', /^\d+$/);
  });
});

test('a signed card: the signature names its key set, fetched only after a yes, and verifies; a wrong key fails', async ({
  app,
  record,
}) => {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const stranger = await generateKeyPair('ES256', { extractable: true });
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid: 'card-key', alg: 'ES256' }] };
  let cardText = '';
  const server = await listenLocal((req, res) => {
    const body =
      req.url === '/.well-known/agent-card.json'
        ? cardText
        : req.url === '/jwks.json'
          ? JSON.stringify(jwks)
          : '';
    res.writeHead(body ? 200 : 404, { 'Content-Type': 'application/json' });
    res.end(body || '{"error":"not found"}');
  });
  try {
    const card = {
      name: 'Signed agent',
      description: 'Its card is signed',
      version: '1.0.0',
      supportedInterfaces: [{ url: `${server.url}/a2a`, protocolBinding: 'JSONRPC', protocolVersion: '1.0' }],
      capabilities: { streaming: true },
      defaultInputModes: ['text/plain'],
      defaultOutputModes: ['text/plain'],
      skills: [{ id: 's', name: 'S', description: 'd', tags: ['t'] }],
    };
    // The test's own JCS of this card (members sorted, no spaces), signed with a detached payload.
    const payload = JSON.stringify(sortedDeep(card));
    const jws = await new FlattenedSign(new TextEncoder().encode(payload))
      .setProtectedHeader({ alg: 'ES256', kid: 'card-key', typ: 'JOSE', jku: `${server.url}/jwks.json` })
      .sign(privateKey);
    const unsigned = Buffer.from(JSON.stringify({ alg: 'none', kid: 'card-key' })).toString('base64url');
    cardText = JSON.stringify({
      ...card,
      signatures: [
        { protected: jws.protected, signature: jws.signature },
        { protected: unsigned, signature: '' },
      ],
    });

    const cardView = new CardPage(app.page);
    const rows = cardView.signatures();
    await test.step('open the signed card: each signature names its algorithm and key set', async () => {
      await app.openAgent(server.url);
      await expect(rows).toHaveCount(2);
      await expect(rows.first()).toContainText('ES256');
      await expect(rows.first()).toContainText(`key set ${server.url}/jwks.json`);
    });

    await test.step('ask to fetch the key set, say yes: the signature verifies', async () => {
      // Nothing is fetched until the user says yes.
      await cardView.askToFetchKeySet();
      await expect(cardView.keySetQuestion()).toContainText(`${server.url}/jwks.json`);
      await cardView.confirmKeySetFetch();
      await expect(rows.first()).toHaveAttribute('data-status', 'verified');
      await expect(cardView.signatureVerdict(rows.first())).toContainText(
        'Verified with ES256 and key card-key. Payload: RFC 8785 (JCS) of the card as served',
      );
      await expect(rows.nth(1)).toHaveAttribute('data-status', 'failed');
      await expect(rows.nth(1)).toContainText('"alg": "none" means unsigned; it is never accepted.');
      await expect(cardView.signatureSummary()).toHaveAttribute('data-verified', 'true');
      await expect(cardView.keySetFetchNote()).toContainText('the exchange is in Frames');
    });

    await test.step('verify with another key under the same kid: the signature fails', async () => {
      // Another key with the same kid: the signature fails, and says what was tried.
      const wrong = { keys: [{ ...(await exportJWK(stranger.publicKey)), kid: 'card-key', alg: 'ES256' }] };
      await cardView.verifyWithKeySet(JSON.stringify(wrong));
      await expect(rows.first()).toHaveAttribute('data-status', 'failed');
      await expect(rows.first()).toContainText(
        'changed after signing, signed another way, or signed with another key',
      );
      await expect(cardView.signatureSummary()).toHaveAttribute('data-verified', 'false');
    });

    await test.step('verify with a key set that is not JSON: refused plainly', async () => {
      await cardView.verifyWithKeySet('not json');
      await expect(cardView.signatureError()).toHaveText('The key set is not JSON.');
    });
    expect(record.pageErrors).toEqual([]);
  } finally {
    await server.close();
  }
});

/** Objects with their members sorted, recursively: JSON.stringify of it is the JCS text for plain cards. */
function sortedDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, sortedDeep(record[key])]),
    );
  }
  return value;
}
