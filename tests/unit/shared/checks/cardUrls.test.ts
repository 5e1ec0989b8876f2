// Every URL on a card is http(s) (card.urls): javascript:, data: and other schemes are errors in every URL field of
// every generation's card (the card's own, its provider's, its interfaces', OAuth and OpenID Connect endpoints),
// gRPC interfaces may be host:port or grpc(s)://, and the check they belong to is card.urls, an error.

import { describe, expect, it } from 'vitest';
import { detectCard } from '../../../../shared/a2a/detect';
import { cardCheckFor, checkById } from '../../../../shared/checks/catalog';
import { cardUrlFindings } from '../../../../shared/checks/cardUrls';

function findings(card: Record<string, unknown>) {
  const detection = detectCard(card);
  if ('error' in detection) throw new Error(detection.error);
  return cardUrlFindings(card, detection);
}

const v1 = (extra: Record<string, unknown>) => ({
  name: 'A',
  description: 'a',
  version: '1',
  supportedInterfaces: [
    { url: 'https://agent.example.com/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0' },
    { url: 'agent.example.com:50051', protocolBinding: 'GRPC', protocolVersion: '1.0' },
    { url: 'grpcs://agent.example.com:443', protocolBinding: 'GRPC', protocolVersion: '1.0' },
  ],
  capabilities: {},
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain'],
  skills: [],
  ...extra,
});

describe('card.urls', () => {
  it('passes http(s) URLs and gRPC addresses', () => {
    expect(
      findings(
        v1({
          documentationUrl: 'https://docs.example.com',
          iconUrl: 'http://127.0.0.1:1/icon.png',
          provider: { organization: 'x', url: 'https://example.com' },
        }),
      ),
    ).toEqual([]);
  });

  it('flags javascript:, data: and other schemes wherever a card keeps a URL', () => {
    const found = findings(
      v1({
        documentationUrl: 'javascript:alert(1)',
        iconUrl: 'data:image/svg+xml,<svg onload=alert(1)>',
        provider: { organization: 'x', url: 'vbscript:msgbox' },
        securitySchemes: {
          oauth: {
            oauth2SecurityScheme: {
              flows: {
                authorizationCode: { authorizationUrl: 'javascript:x', tokenUrl: 'https://t', scopes: {} },
              },
              oauth2MetadataUrl: 'ftp://meta',
            },
          },
          oidc: { openIdConnectSecurityScheme: { openIdConnectUrl: 'relative/path' } },
        },
      }),
    );
    expect(found.map((finding) => finding.pointer)).toEqual([
      '/documentationUrl',
      '/iconUrl',
      '/provider/url',
      '/securitySchemes/oauth/oauth2SecurityScheme/oauth2MetadataUrl',
      '/securitySchemes/oauth/oauth2SecurityScheme/flows/authorizationCode/authorizationUrl',
      '/securitySchemes/oidc/openIdConnectSecurityScheme/openIdConnectUrl',
    ]);
    expect(found.every((finding) => finding.severity === 'error' && finding.rule === 'card.url-scheme')).toBe(
      true,
    );
    expect(found[0]!.message).toBe(
      'documentationUrl "javascript:alert(1)" uses the javascript: scheme instead of http: or https:; a client that shows it as a link would run or load whatever it holds (a cross-site scripting vector).',
    );
    expect(found[5]!.message).toContain('is not an absolute URL');
    expect(found[0]!.specUrl).toMatch(
      /^https:\/\/github\.com\/a2aproject\/A2A\/blob\/v1\.0\.1\/docs\/specification\.md#/,
    );
  });

  it('reads 0.3 cards: the url, additional interfaces and typed security schemes', () => {
    const card = {
      protocolVersion: '0.3.0',
      name: 'A',
      description: 'a',
      url: 'javascript:void(0)',
      preferredTransport: 'JSONRPC',
      additionalInterfaces: [
        { url: 'data:text/html,hi', transport: 'HTTP+JSON' },
        { url: 'localhost:50051', transport: 'GRPC' },
      ],
      version: '1',
      capabilities: {},
      defaultInputModes: [],
      defaultOutputModes: [],
      skills: [],
      securitySchemes: {
        o: { type: 'oauth2', flows: { clientCredentials: { tokenUrl: 'file:///etc/passwd', scopes: {} } } },
      },
    };
    expect(findings(card).map((finding) => finding.pointer)).toEqual([
      '/url',
      '/additionalInterfaces/0/url',
      '/securitySchemes/o/flows/clientCredentials/tokenUrl',
    ]);
  });

  it('is its own error-level check', () => {
    expect(cardCheckFor('card.url-scheme')).toBe('card.urls');
    expect(checkById('card.urls')).toMatchObject({ area: 'card', severity: 'error' });
  });
});
