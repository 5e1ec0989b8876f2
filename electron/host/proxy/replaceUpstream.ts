// A saved session standing in for the upstream (PRX-5): the session is served by the existing mock agent
// (session/mockAgent.ts) on a free loopback port, and the proxy forwards to it exactly as to a live agent, behind the
// same moved card, so a client cannot tell the difference and every exchange is recorded the same way.

import path from 'node:path';
import { startMockAgent } from '../session/mockAgent';
import { readSessionPath } from '../session/sessionFiles';

export interface Replacement {
  /** The mock's base URL: the proxy's upstream. */
  url: string;
  /** What `ProxiedInfo.replacedBy` says: the session file's name. */
  name: string;
  close(): Promise<void>;
}

export async function startReplacement(file: string): Promise<Replacement> {
  if (file.trim() === '') throw new Error('Name the saved session to serve instead of the upstream.');
  const loaded = await readSessionPath(path.resolve(file));
  if (loaded.agents.length === 0)
    throw new Error(
      `${file} holds no agent and its card, so there is nothing to serve in the upstream's place.`,
    );
  const mock = await startMockAgent({ frames: loaded.frames, agents: loaded.agents, timing: 'original' });
  return { url: mock.url, name: path.basename(file), close: () => mock.close() };
}
