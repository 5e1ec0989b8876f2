// The SDK's own 1.0 agent as the gRPC proxy tests (PRX-1) meet it: started with its card read and its gRPC address
// picked out, and the SendMessage request those tests send it (a text message, optionally with a push config and
// `returnImmediately`). proxy.grpc and proxy.grpcPush share it so that a fix to the set-up lands in both.

import type { AgentCard } from '@a2a-js/sdk';
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import type { PeerHandle } from '../../peers/types';
import { startV10GrpcPeer } from '../../peers/v10Peer';
import { sdkTextMessage } from './sdkMessages';

export interface GrpcSdkAgent {
  peer: PeerHandle;
  card: AgentCard;
  /** The card's 1.0 gRPC interface address, `host:port` as the card gives it. */
  grpcUrl: string;
}

/** Starts the SDK's gRPC agent and reads its card; fails clearly if the card has no 1.0 gRPC interface. */
export async function startGrpcSdkAgent(): Promise<GrpcSdkAgent> {
  const peer = await startV10GrpcPeer();
  const card = await new DefaultAgentCardResolver().resolve(peer.baseUrl);
  const grpc = card.supportedInterfaces.find(
    (i) => i.protocolBinding === 'GRPC' && i.protocolVersion === '1.0',
  );
  if (!grpc) {
    await peer.close();
    throw new Error(`the agent at ${peer.baseUrl} has no 1.0 gRPC interface on its card`);
  }
  return { peer, card, grpcUrl: grpc.url };
}

/** A 1.0 SendMessage request with one text part; `push` asks the agent to deliver updates to that webhook. */
export function sendRequest(value: string, push?: { url: string; token: string }, returnImmediately = false) {
  const message = sdkTextMessage(value);
  const taskPushNotificationConfig = push
    ? { tenant: '', id: '', taskId: '', url: push.url, token: push.token, authentication: undefined }
    : undefined;
  const configuration = { acceptedOutputModes: [], taskPushNotificationConfig, returnImmediately };
  return { tenant: '', message, configuration, metadata: undefined };
}
