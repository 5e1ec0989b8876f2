// What the composer's draft becomes on the wire: the SendInput it builds, encoded by each generation's adapter, uses
// that generation's field names for file and data parts (docs/protocol.md#messages-parts-and-artifacts) and its own
// send configuration.

import { describe, expect, it } from 'vitest';
import { checkDraft, type Draft } from '../../../../../renderer/features/composer/draft';
import { MAIN_TEXT_ID } from '../../../../../renderer/store/composerSlice';
import { findAdapter } from '../../../../../shared/a2a/adapters';
import type { Binding, Generation } from '../../../../../shared/a2a/generation';

const draft: Draft = {
  composerText: 'here is a file',
  parts: [
    { id: MAIN_TEXT_ID, kind: 'main-text' },
    {
      id: 'f1',
      kind: 'file',
      source: 'bytes',
      name: 'notes.txt',
      mediaType: 'text/plain',
      bytes: 'aGVsbG8=',
      size: 5,
      uri: '',
    },
    { id: 'd1', kind: 'data', json: '{"city":"Oslo"}', mediaType: '' },
  ],
  streaming: false,
  metadataJson: '{"trace":"t1"}',
  extensionsText: '',
  referenceTaskIdsText: '',
  blocking: false,
  acceptedOutputModesText: 'text/plain',
  historyLengthText: '3',
};

function body(generation: Generation, binding: Binding): Record<string, unknown> {
  const input = checkDraft(draft, { contextId: 'c-1' }).input;
  if (!input) throw new Error('the draft should build');
  const adapter = findAdapter(generation, binding);
  if (!adapter) throw new Error(`no adapter for ${generation} ${binding}`);
  let n = 0;
  const encoded = adapter.encode('send', input, {
    endpoint: 'http://127.0.0.1:9/a2a',
    requestId: 1,
    newId: () => `id-${++n}`,
  });
  if (!encoded.ok || !encoded.request.body) throw new Error('encode failed');
  return JSON.parse(encoded.request.body) as Record<string, unknown>;
}

describe('the composer’s message on the wire', () => {
  it('1.0: raw, filename and mediaType; data as is; returnImmediately', () => {
    const params = body('1.0', 'JSONRPC').params as Record<string, unknown>;
    expect(params).toMatchObject({
      message: {
        role: 'ROLE_USER',
        contextId: 'c-1',
        metadata: { trace: 't1' },
        parts: [
          { text: 'here is a file' },
          { raw: 'aGVsbG8=', filename: 'notes.txt', mediaType: 'text/plain' },
          { data: { city: 'Oslo' } },
        ],
      },
      configuration: { acceptedOutputModes: ['text/plain'], historyLength: 3, returnImmediately: true },
    });
  });

  it('0.3 JSON-RPC: kind "file" with file.bytes and mimeType; kind "data"; blocking false', () => {
    const params = body('0.3', 'JSONRPC').params as Record<string, unknown>;
    expect(params).toMatchObject({
      message: {
        kind: 'message',
        role: 'user',
        parts: [
          { kind: 'text', text: 'here is a file' },
          { kind: 'file', file: { bytes: 'aGVsbG8=', name: 'notes.txt', mimeType: 'text/plain' } },
          { kind: 'data', data: { city: 'Oslo' } },
        ],
      },
      configuration: { blocking: false, historyLength: 3 },
    });
  });

  it('0.3 REST: content with fileWithBytes, data wrapped in a Struct', () => {
    expect(body('0.3', 'HTTP+JSON')).toMatchObject({
      message: {
        content: [
          { text: 'here is a file' },
          { file: { fileWithBytes: 'aGVsbG8=', mimeType: 'text/plain' } },
          { data: { data: { city: 'Oslo' } } },
        ],
      },
    });
  });

  it('0.1: type "file" and type "data"; the context as sessionId', () => {
    const params = body('0.1', 'JSONRPC').params as Record<string, unknown>;
    expect(params).toMatchObject({
      sessionId: 'c-1',
      historyLength: 3,
      message: {
        role: 'user',
        parts: [
          { type: 'text', text: 'here is a file' },
          { type: 'file', file: { bytes: 'aGVsbG8=', name: 'notes.txt', mimeType: 'text/plain' } },
          { type: 'data', data: { city: 'Oslo' } },
        ],
      },
    });
  });
});
