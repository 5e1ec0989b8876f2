// "Edit and resend" (MSG-8): a frame becomes a raw draft without the headers the host sets and without secrets.

import { describe, expect, it } from 'vitest';
import {
  draftFromFrame,
  draftToRequest,
  jsonRpcTemplate,
} from '../../../../../renderer/features/raw/rawDraft';
import type { HttpFrame } from '../../../../../shared/wire/frame';
import { SECRET_MASK } from '../../../../../shared/wire/secretMask';

const text = '{"params":{"config":{"token":"PT","url":"u"}}}';
const frame: HttpFrame = {
  kind: 'http',
  id: 'f',
  source: 'test',
  timing: { start: 0 },
  request: {
    method: 'POST',
    url: 'http://a.test/rpc?api_key=K&keep=1',
    headers: [
      ['Host', 'a.test'],
      ['Content-Type', 'application/json'],
      ['Authorization', 'Bearer T'],
      ['Cookie', 'theme=dark; session=S'],
      ['Content-Length', '42'],
      ['Connection', 'close'],
    ],
    body: { base64: '', text, size: text.length, utf8Valid: true },
  },
  secrets: [
    { in: 'request-header', name: 'authorization' },
    { in: 'query', name: 'api_key' },
    { in: 'cookie', name: 'session' },
    { in: 'request-json', key: 'token' },
  ],
};

describe('draftFromFrame', () => {
  it('copies method, URL, headers and body, leaving out what the host adds and every secret', () => {
    const { draft, leftOut } = draftFromFrame(frame);
    expect(draft).toEqual({
      method: 'POST',
      url: 'http://a.test/rpc?keep=1',
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'Cookie', value: 'theme=dark' },
      ],
      body: `{"params":{"config":{"token":"${SECRET_MASK}","url":"u"}}}`,
    });
    expect(leftOut).toHaveLength(4);
    expect(JSON.stringify(draft)).not.toMatch(/Bearer T|=K|session=S|"PT"/);
  });

  it('turns a draft into the host request, skipping unnamed header rows and an empty body', () => {
    expect(
      draftToRequest(
        {
          method: ' post ',
          url: ' /v1/x ',
          headers: [
            { name: ' X-A ', value: ' 1 ' },
            { name: '', value: 'ignored' },
          ],
          body: '',
        },
        'agent-1',
      ),
    ).toEqual({ agentId: 'agent-1', method: 'POST', url: '/v1/x', headers: [['X-A', ' 1 ']] });
  });

  it("offers a JSON-RPC send under each generation's method name", () => {
    expect(JSON.parse(jsonRpcTemplate('1.0'))).toMatchObject({ method: 'SendMessage' });
    expect(JSON.parse(jsonRpcTemplate('0.3'))).toMatchObject({ method: 'message/send' });
    expect(JSON.parse(jsonRpcTemplate('0.1'))).toMatchObject({ method: 'tasks/send' });
  });
});
