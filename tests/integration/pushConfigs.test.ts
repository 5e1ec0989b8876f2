// Push configs of a task against the real SDK peers (PUSH-2): configs that point at the user's own URLs, created as
// any other client would, are listed, got and deleted by id, and a generation without list or delete is refused
// with a sentence before anything is sent.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OperationOutcome } from '../../shared/host/agent';
import { peers } from '../peers';
import type { PeerHandle } from '../peers/types';
import { expectStatus, recordingHost } from './support/recordingHost';

const { host } = recordingHost();
afterAll(() => host.close());

const urls = (outcome: OperationOutcome) =>
  outcome.result?.type === 'push-configs' ? outcome.result.configs.map((c) => [c.id, c.url]) : undefined;

for (const name of ['v1.0', 'v0.3'] as const) {
  describe(`push configs of a ${name} task`, () => {
    let peer: PeerHandle;
    let agentId: string;
    let taskId: string;
    beforeAll(async () => {
      peer = await peers[name]();
      const opened = await host.openAgent({ url: peer.baseUrl });
      if (!opened.ok) throw new Error(opened.message);
      agentId = opened.agent.id;
      const asked = await host.runOperation({
        agentId,
        operation: 'send',
        input: { message: { parts: [{ kind: 'text', text: 'need input' }] }, blocking: true },
      });
      expectStatus(asked, 'result');
      taskId = asked.taskId!;
    });
    afterAll(() => peer.close());

    it('creates configs to own URLs, lists them all, gets and deletes each by id', async () => {
      for (const [id, url] of [
        ['theirs', 'https://hooks.example.com/a2a'],
        ['mine', 'http://127.0.0.1:9/own-hook'],
      ] as const) {
        const set = await host.runOperation({
          agentId,
          operation: 'pushConfigSet',
          input: {
            taskId,
            config: { id, url, token: `tok-${id}`, authSchemes: ['Bearer'], credentials: 'c-1' },
          },
        });
        expectStatus(set, 'result');
        expect(set.result).toMatchObject({ type: 'push-config', config: { id, url } });
      }
      const listed = await host.runOperation({ agentId, operation: 'pushConfigList', input: { taskId } });
      expectStatus(listed, 'result');
      expect(urls(listed)).toEqual(
        expect.arrayContaining([
          ['theirs', 'https://hooks.example.com/a2a'],
          ['mine', 'http://127.0.0.1:9/own-hook'],
        ]),
      );
      const got = await host.runOperation({
        agentId,
        operation: 'pushConfigGet',
        input: { taskId, configId: 'theirs' },
      });
      expect(got.result).toMatchObject({
        type: 'push-config',
        config: { id: 'theirs', token: 'tok-theirs' },
      });
      const deleted = await host.runOperation({
        agentId,
        operation: 'pushConfigDelete',
        input: { taskId, configId: 'theirs' },
      });
      expectStatus(deleted, 'result');
      const after = await host.runOperation({ agentId, operation: 'pushConfigList', input: { taskId } });
      expect(urls(after)).toEqual([['mine', 'http://127.0.0.1:9/own-hook']]);
    });
  });
}

describe('a generation without list or delete', () => {
  let peer: PeerHandle;
  afterAll(() => peer?.close());

  it('refuses them with a sentence, nothing sent', async () => {
    peer = await peers['v0.1']();
    const opened = await host.openAgent({ url: peer.baseUrl });
    if (!opened.ok) throw new Error(opened.message);
    const agentId = opened.agent.id;
    const listed = await host.runOperation({ agentId, operation: 'pushConfigList', input: { taskId: 't' } });
    expect(listed.status).not.toBe('result');
    expect(listed.message).toContain('has no "pushConfigList" operation');
    const deleted = await host.runOperation({
      agentId,
      operation: 'pushConfigDelete',
      input: { taskId: 't', configId: 'c' },
    });
    expect(deleted.message).toContain('has no "pushConfigDelete" operation');
  });
});
