// The push half of the host contract (PUSH-1..PUSH-5): targets on the host's webhook receiver, and the receiver's
// reachability. Plain JSON only.

/** How a delivery proves where it came from. */
export type PushAuthMode = 'token' | 'bearer' | 'jwt';

export interface PushTargetInfo {
  id: string;
  agentId: string;
  /** The generation whose body shapes the deliveries are read with. */
  generation: string;
  mode: PushAuthMode;
  /** The URL to give the agent in the push config. */
  url: string;
  /** Expected in `X-A2A-Notification-Token` (the token of the push config). */
  token: string;
  /** Expected as `Authorization: Bearer <bearer>` in bearer mode (the config's `authentication.credentials`). */
  bearer?: string;
  /** Where the agent's signing keys are, in JWT mode. */
  jwksUrl?: string;
  ratePerMinute: number;
}

export interface WebhookStatus {
  listening: boolean;
  /** The interface the receiver listens on: 127.0.0.1 unless the user chose otherwise. */
  host: string;
  port?: number;
  baseUrl?: string;
  /** Set when the receiver listens beyond this machine. */
  warning?: string;
}
