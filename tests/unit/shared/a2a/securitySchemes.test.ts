// Security schemes in every generation's card shape, read into one list for the auth form (AUTH-2).

import { describe, expect, it } from 'vitest';
import { readCardSecurity } from '../../../../shared/a2a/securitySchemes';
import { authOffers } from '../../../../shared/authOffers';

describe('readCardSecurity', () => {
  it('reads 0.2/0.3 OpenAPI-style schemes and `security`', () => {
    const read = readCardSecurity({
      securitySchemes: {
        key: { type: 'apiKey', in: 'query', name: 'api_key', description: 'the key' },
        bearer: { type: 'http', scheme: 'Bearer', bearerFormat: 'JWT' },
        oauth: {
          type: 'oauth2',
          flows: {
            clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { read: 'Read' } },
            authorizationCode: {
              authorizationUrl: 'https://auth.example/authorize',
              tokenUrl: 'https://auth.example/token',
              scopes: {},
            },
          },
        },
        oidc: {
          type: 'openIdConnect',
          openIdConnectUrl: 'https://auth.example/.well-known/openid-configuration',
        },
        mtls: { type: 'mutualTLS' },
      },
      security: [{ oauth: ['read'] }, { key: [], mtls: [] }],
    });
    expect(read.findings).toEqual([]);
    expect(read.schemes).toEqual([
      {
        name: 'key',
        pointer: '/securitySchemes/key',
        description: 'the key',
        kind: 'apiKey',
        location: 'query',
        paramName: 'api_key',
      },
      {
        name: 'bearer',
        pointer: '/securitySchemes/bearer',
        kind: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
      },
      {
        name: 'oauth',
        pointer: '/securitySchemes/oauth',
        kind: 'oauth2',
        flows: {
          clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { read: 'Read' } },
          authorizationCode: {
            authorizationUrl: 'https://auth.example/authorize',
            tokenUrl: 'https://auth.example/token',
            scopes: {},
          },
        },
      },
      {
        name: 'oidc',
        pointer: '/securitySchemes/oidc',
        kind: 'openIdConnect',
        url: 'https://auth.example/.well-known/openid-configuration',
      },
      { name: 'mtls', pointer: '/securitySchemes/mtls', kind: 'mutualTLS' },
    ]);
    expect(read.requirements).toEqual([['oauth'], ['key', 'mtls']]);
  });

  it('reads 1.0 oneof members and `securityRequirements`', () => {
    const read = readCardSecurity({
      securitySchemes: {
        key: { apiKeySecurityScheme: { location: 'cookie', name: 'session' } },
        basic: { httpAuthSecurityScheme: { scheme: 'Basic' } },
        cc: {
          oauth2SecuritySchemes: undefined,
          oauth2SecurityScheme: {
            flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { use: 'Use' } } },
            oauth2MetadataUrl: 'https://auth.example/.well-known/oauth-authorization-server',
          },
        },
        mtls: { mtlsSecurityScheme: {} },
      },
      securityRequirements: [
        { schemes: { key: { list: [] } } },
        { schemes: { cc: { list: ['use'] }, basic: {} } },
      ],
    });
    expect(read.findings).toEqual([]);
    expect(read.schemes.map((s) => s.kind)).toEqual(['apiKey', 'http', 'oauth2', 'mutualTLS']);
    expect(read.schemes[0]).toMatchObject({ location: 'cookie', paramName: 'session' });
    expect(read.schemes[1]).toMatchObject({ scheme: 'basic' });
    expect(read.schemes[2]).toMatchObject({
      flows: { clientCredentials: { tokenUrl: 'https://auth.example/token', scopes: { use: 'Use' } } },
      metadataUrl: 'https://auth.example/.well-known/oauth-authorization-server',
    });
    expect(read.requirements).toEqual([['key'], ['cc', 'basic']]);
  });

  it('reads the {scheme: {$case, value}} form @a2a-js/sdk 1.3.0 serves', () => {
    const read = readCardSecurity({
      securitySchemes: {
        bearer: {
          scheme: { $case: 'httpAuthSecurityScheme', value: { scheme: 'Bearer', bearerFormat: '' } },
        },
        cc: {
          scheme: {
            $case: 'oauth2SecurityScheme',
            value: {
              flows: {
                flow: { $case: 'clientCredentials', value: { tokenUrl: 'https://t/token', scopes: {} } },
              },
            },
          },
        },
      },
    });
    expect(read.schemes[0]).toMatchObject({ kind: 'http', scheme: 'bearer' });
    expect(read.schemes[1]).toMatchObject({
      kind: 'oauth2',
      flows: { clientCredentials: { tokenUrl: 'https://t/token' } },
    });
  });

  it('reads 0.1 scheme names, assuming a header for an API key', () => {
    const read = readCardSecurity({ authentication: { schemes: ['Bearer', 'Basic', 'ApiKey', 'Custom'] } });
    expect(read.schemes).toEqual([
      { kind: 'http', scheme: 'bearer', name: 'Bearer', pointer: '/authentication/schemes/0' },
      { kind: 'http', scheme: 'basic', name: 'Basic', pointer: '/authentication/schemes/1' },
      {
        kind: 'apiKey',
        location: 'header',
        paramName: 'X-API-Key',
        name: 'ApiKey',
        pointer: '/authentication/schemes/2',
      },
      { kind: 'unknown', name: 'Custom', pointer: '/authentication/schemes/3' },
    ]);
  });

  it('keeps unknown and broken schemes, with a finding each', () => {
    const read = readCardSecurity({
      securitySchemes: {
        odd: { type: 'magic' },
        broken: 'nope',
        where: { type: 'apiKey', in: 'body', name: 'k' },
      },
    });
    expect(read.schemes.map((s) => [s.name, s.kind])).toEqual([
      ['odd', 'unknown'],
      ['broken', 'unknown'],
      ['where', 'apiKey'],
    ]);
    expect(read.schemes[2]).toMatchObject({ location: 'header' });
    expect(read.findings.map((f) => [f.rule, f.pointer])).toEqual([
      ['card.security-scheme', '/securitySchemes/odd'],
      ['card.security-scheme', '/securitySchemes/broken'],
      ['card.security-scheme', '/securitySchemes/where'],
    ]);
    expect(readCardSecurity('not a card')).toEqual({ schemes: [], requirements: [], findings: [] });
  });
});

describe('authOffers', () => {
  it('offers what can be done and explains what cannot', () => {
    const { schemes } = readCardSecurity({
      securitySchemes: {
        digest: { type: 'http', scheme: 'Digest' },
        code: {
          type: 'oauth2',
          flows: {
            authorizationCode: { authorizationUrl: 'https://a/authz', tokenUrl: 'https://a/t', scopes: {} },
          },
        },
        implicit: {
          type: 'oauth2',
          flows: { implicit: { authorizationUrl: 'https://a/authz', scopes: {} } },
        },
        oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://a/.well-known/openid-configuration' },
        mtls: { type: 'mutualTLS' },
        odd: { type: 'magic' },
        key: { type: 'apiKey', in: 'header', name: '' },
      },
    });
    expect(authOffers(schemes)).toEqual([
      {
        scheme: 'digest',
        note: 'HTTP "digest" authentication is not built in; add an Authorization header by hand.',
      },
      {
        scheme: 'code',
        auth: {
          type: 'oauth2-authorization-code',
          authorizationUrl: 'https://a/authz',
          tokenUrl: 'https://a/t',
          clientId: '',
          clientSecret: '',
          scopes: [],
        },
      },
      {
        scheme: 'implicit',
        note: 'Only the client-credentials and authorization-code flows are built in (this scheme offers implicit); paste a token you obtained as a bearer token.',
      },
      {
        scheme: 'oidc',
        note: 'OpenID Connect sign-in is not built in; paste a token you obtained as a bearer token.',
      },
      { scheme: 'mtls', note: 'Client certificates (mutual TLS) are not supported yet.' },
      { scheme: 'odd', note: 'This scheme has a shape no A2A generation defines; set credentials by hand.' },
      { scheme: 'key', auth: { type: 'apiKey', location: 'header', name: 'X-API-Key', value: '' } },
    ]);
  });
});
