// Sessions on the host (SES-1..SES-8). Placeholder while the pieces land; replaced in this issue.

import type { HostApi } from '../../../shared/host-api';

type SessionMethods = Pick<
  HostApi,
  | 'openSession'
  | 'readSessionFrames'
  | 'closeSession'
  | 'saveSession'
  | 'exportSession'
  | 'listSessions'
  | 'resendSession'
  | 'startMockAgent'
  | 'stopMockAgent'
  | 'listMockAgents'
>;

export function createSessionService(): SessionMethods & { close(): Promise<void> } {
  const notYet = async (): Promise<never> => {
    throw new Error('Sessions are not available yet.');
  };
  return {
    openSession: notYet,
    readSessionFrames: notYet,
    closeSession: notYet,
    saveSession: notYet,
    exportSession: notYet,
    listSessions: notYet,
    resendSession: notYet,
    startMockAgent: notYet,
    stopMockAgent: notYet,
    listMockAgents: notYet,
    async close() {},
  };
}
