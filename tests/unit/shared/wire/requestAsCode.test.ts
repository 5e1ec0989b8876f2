// One request, every client (FRM-5, MSG-8): the frames inspector and the editor both copy through requestAsCode, so
// each format is the exporter it names, and a frame's secret marks are redacted in each unless the user includes them.

import { describe, expect, it } from 'vitest';
import { toCurl } from '../../../../shared/wire/curl';
import type { FrameRequest, SecretMark } from '../../../../shared/wire/frame';
import {
  requestAsCode,
  requestCodeFormats,
  requestCodeLabels,
  toFetch,
  toHttpie,
  toPythonRequests,
} from '../../../../shared/wire/requestExport';
import { bodyOfText } from '../../support/requestArbitraries';

const request: FrameRequest = {
  method: 'POST',
  url: 'http://agent.test/a2a',
  headers: [
    ['Authorization', 'Bearer s3cret-token'],
    ['Content-Type', 'application/json'],
  ],
  body: bodyOfText('{"jsonrpc":"2.0"}'),
};
const marks: SecretMark[] = [{ in: 'request-header', name: 'Authorization' }];

describe('requestAsCode', () => {
  it('offers the four clients, each labelled', () => {
    expect(requestCodeFormats.map((format) => requestCodeLabels[format])).toEqual([
      'cURL',
      'fetch (JavaScript)',
      'HTTPie',
      'Python requests',
    ]);
  });

  it('is the exporter each format names', () => {
    const options = { redact: false as const };
    expect(requestAsCode(request, 'curl', options)).toBe(toCurl(request, options));
    expect(requestAsCode(request, 'fetch', options)).toBe(toFetch(request, options));
    expect(requestAsCode(request, 'httpie', options)).toBe(toHttpie(request, options));
    expect(requestAsCode(request, 'python', options)).toBe(toPythonRequests(request, options));
  });

  it.each(requestCodeFormats)('%s: masks the frame’s secrets unless asked to include them', (format) => {
    const masked = requestAsCode(request, format, { redact: marks });
    expect(masked).not.toContain('s3cret-token');
    expect(masked).toContain('Authorization');
    expect(requestAsCode(request, format, { redact: false })).toContain('s3cret-token');
  });
});
