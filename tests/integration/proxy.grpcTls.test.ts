// The gRPC proxy (PRX-1) in front of an agent that speaks gRPC over TLS: with the agent's private CA the SDK client's
// plaintext calls to the proxy reach it; without it the client gets UNAVAILABLE and the frame says TLS failed.

import type { Server } from '@grpc/grpc-js';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentCard } from '@a2a-js/sdk';
import { GrpcTransportFactory } from '@a2a-js/sdk/client/grpc';
import { startGrpcForward } from '../../electron/host/proxy/grpcForward';
import type { Frame, HttpFrame } from '../../shared/wire/frame';
import { suiteTempDir } from '../unit/support/tempDir';
import { makeTestCertificates, type TestCertificates } from './support/testCertificates';
import { GET_TASK_PATH, startTlsGetTaskServer } from './support/tlsGetTaskServer';

const tempDir = suiteTempDir('switchboard-proxy-grpc-tls-');
let certs: TestCertificates;
let server: Server;
let port: number;

beforeAll(async () => {
  certs = makeTestCertificates(tempDir());
  ({ server, port } = await startTlsGetTaskServer({ cert: certs.serverCert, key: certs.serverKey }));
});
afterAll(() => server?.forceShutdown());

async function getTaskThrough(ca: string | undefined) {
  let finished: (frame: HttpFrame) => void = () => undefined;
  const done = new Promise<HttpFrame>((resolve) => (finished = resolve));
  const forward = await startGrpcForward({
    upstream: `grpcs://127.0.0.1:${port}`,
    proxyId: 'proxy-tls',
    listenUrl: 'http://127.0.0.1:7100',
    publish: (frame: Frame) => {
      if (frame.kind === 'http' && frame.state === 'done') finished(frame);
    },
    generation: '1.0',
    ...(ca !== undefined ? { ca } : {}),
  });
  try {
    const client = await new GrpcTransportFactory().create(`127.0.0.1:${forward.port}`, {} as AgentCard);
    const answer = await client.getTask({ tenant: '', id: 't-1' }).then(
      (task) => ({ task }),
      (error: unknown) => ({ error: String(error) }),
    );
    return { answer, frame: await done };
  } finally {
    await forward.close();
  }
}

describe('a TLS upstream', () => {
  it('reaches the agent with its private CA; the frame names the TLS origin', async () => {
    const { answer, frame } = await getTaskThrough(readFileSync(certs.caCert, 'utf8'));
    expect(answer).toMatchObject({ task: { id: 't-1', contextId: 'c-1' } });
    expect(frame?.request.url).toBe(`https://127.0.0.1:${port}${GET_TASK_PATH}`);
    expect(frame?.a2a).toMatchObject({ operation: 'get', outcome: 'result', taskId: 't-1' });
  });

  it('answers UNAVAILABLE without it, and the frame says TLS failed', async () => {
    const { answer, frame } = await getTaskThrough(undefined);
    expect(answer).toMatchObject({ error: expect.stringMatching(/could not reach the upstream/) });
    expect(frame?.error).toMatchObject({ kind: 'tls', label: 'TLS failed' });
  });
});
