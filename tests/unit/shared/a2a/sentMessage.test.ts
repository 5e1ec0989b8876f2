// Every adapter reads back the message its own send request carries, so a conversation can be rebuilt from frames.

import { describe, expect, it } from 'vitest';
import { adapters } from '../../../../shared/a2a/adapters';

describe('decodeSentMessage', () => {
  for (const adapter of adapters) {
    it(`${adapter.generation} ${adapter.binding}`, () => {
      for (const operation of ['send', 'stream'] as const) {
        const encoded = adapter.encode(
          operation,
          {
            message: {
              messageId: 'm-1',
              taskId: 'task-1',
              contextId: 'ctx-1',
              parts: [
                { kind: 'text', text: 'hello' },
                { kind: 'data', data: { a: 1 } },
                { kind: 'file', name: 'a.txt', mediaType: 'text/plain', bytes: 'aGk=' },
              ],
            },
            blocking: true,
          },
          { endpoint: 'http://127.0.0.1:9/a2a', requestId: 1, newId: () => 'new-id' },
        );
        if (!encoded.ok) throw new Error(encoded.reason);
        const message = adapter.decodeSentMessage(encoded.request.body!);
        expect(message).toMatchObject({ role: 'user', taskId: 'task-1', contextId: 'ctx-1' });
        expect(message?.parts.map((p) => p.kind)).toEqual(['text', 'data', 'file']);
        expect(message?.parts[0]).toMatchObject({ kind: 'text', text: 'hello' });
        // The 0.3 proto (HTTP+JSON and gRPC) has no file name (docs/protocol.md#03-three-bindings), so none comes back.
        const name = adapter.generation === '0.3' && adapter.binding !== 'JSONRPC' ? {} : { name: 'a.txt' };
        expect(message?.parts[2]).toMatchObject({ kind: 'file', bytes: 'aGk=', ...name });
      }
      expect(adapter.decodeSentMessage('not json')).toBeUndefined();
      expect(adapter.decodeSentMessage('{"params":{}}')).toBeUndefined();
    });
  }
});
