// Turns the security schemes a card declares into auth settings the user only has to complete (AUTH-2): the
// location and name of an API key, the scheme of an HTTP credential, the token URL and scopes of an OAuth flow.
// Schemes Switchboard cannot perform yet say so, with a way around it.

import type { AuthOffer } from './host/agent';
import type { SecurityScheme } from './a2a/securitySchemes';

export function authOffers(schemes: readonly SecurityScheme[]): AuthOffer[] {
  return schemes.map((scheme) => offerFor(scheme));
}

function offerFor(scheme: SecurityScheme): AuthOffer {
  const name = scheme.name;
  switch (scheme.kind) {
    case 'apiKey':
      return {
        scheme: name,
        auth: { type: 'apiKey', location: scheme.location, name: scheme.paramName || 'X-API-Key', value: '' },
      };
    case 'http':
      if (scheme.scheme === 'bearer') return { scheme: name, auth: { type: 'bearer', token: '' } };
      if (scheme.scheme === 'basic')
        return { scheme: name, auth: { type: 'basic', username: '', password: '' } };
      return {
        scheme: name,
        note: `HTTP "${scheme.scheme}" authentication is not built in; add an Authorization header by hand.`,
      };
    case 'oauth2': {
      const flow = scheme.flows.clientCredentials;
      if (flow?.tokenUrl) {
        return {
          scheme: name,
          auth: {
            type: 'oauth2-client-credentials',
            tokenUrl: flow.tokenUrl,
            clientId: '',
            clientSecret: '',
            scopes: Object.keys(flow.scopes),
          },
        };
      }
      // The flow name follows the generation: `authorizationCode` in 0.2–0.3 JSON and 1.0, as the proto oneof case too.
      const code = scheme.flows.authorizationCode;
      if (code?.authorizationUrl && code.tokenUrl) {
        return {
          scheme: name,
          auth: {
            type: 'oauth2-authorization-code',
            authorizationUrl: code.authorizationUrl,
            tokenUrl: code.tokenUrl,
            clientId: '',
            clientSecret: '',
            scopes: Object.keys(code.scopes),
          },
        };
      }
      const flows = Object.keys(scheme.flows);
      return {
        scheme: name,
        note: `Only the client-credentials and authorization-code flows are built in (this scheme offers ${flows.join(', ') || 'no flow'}); paste a token you obtained as a bearer token.`,
      };
    }
    case 'openIdConnect':
      return {
        scheme: name,
        note: 'OpenID Connect sign-in is not built in; paste a token you obtained as a bearer token.',
      };
    case 'mutualTLS':
      return { scheme: name, note: 'Client certificates (mutual TLS) are not supported yet.' };
    case 'unknown':
      return {
        scheme: name,
        note: 'This scheme has a shape no A2A generation defines; set credentials by hand.',
      };
  }
}
