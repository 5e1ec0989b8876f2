// The host: the HostApi implemented in plain Node. Electron's main process, the browser-edition server, the CLI and
// the tests all run this same object; it never imports `electron` (DESIGN.md §2).

import { randomBytes } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import type { Edition, HostInfo, HostService, RawRequest } from '../../shared/host-api';
import { createAgentClient } from './agent/agentClient';
import type { Recorder } from './agent/recorder';
import { createPushService } from './push/pushService';
import { checkCardText } from './cardCheck';
import { defaultDataDir } from './dataDir';
import { startDemoAgent, type DemoAgent } from './demo/demoAgent';
import { createEventBus } from './eventBus';
import { loadLibrary, saveLibrary } from './library';
import { fetchRaw } from './fetchRaw';
import { createSessionService } from './session/sessionService';

export interface HostOptions {
  edition: Edition;
  appVersion: string;
  electronVersion?: string;
  lookup?: LookupFunction;
  /** Where the agent library is kept; the platform's per-user config folder when absent. */
  dataDir?: string;
}

export const APP_NAME = 'Switchboard';

export function createHost(options: HostOptions): HostService {
  const bus = createEventBus();
  const nextId = frameIdSource();
  const now = () => performance.timeOrigin + performance.now();
  const info: HostInfo = {
    appName: APP_NAME,
    appVersion: options.appVersion,
    edition: options.edition,
    platform: process.platform,
    arch: process.arch,
    nodeVersion: process.versions.node,
  };
  if (options.electronVersion) info.electronVersion = options.electronVersion;
  const deps = {
    nextId,
    now,
    userAgent: `${APP_NAME}/${options.appVersion}`,
    ...(options.lookup ? { lookup: options.lookup } : {}),
  };
  const recorder: Recorder = {
    deps,
    publish: (frame) => {
      push.observe(frame);
      bus.publishFrame(frame);
    },
  };
  const agents = createAgentClient(recorder);
  const push = createPushService(recorder, (agentId) => agents.describe(agentId));
  let demo: Promise<DemoAgent> | undefined;
  const sessions = createSessionService();

  return {
    async getInfo() {
      return { ...info };
    },
    async fetchRaw(request: RawRequest) {
      const frame = await fetchRaw(request, deps);
      bus.publishFrame(frame);
      return frame;
    },
    openAgent: (request) => agents.openAgent(request),
    configureAgent: ({ agentId, settings }) => agents.configureAgent(agentId, settings),
    trustOrigin: ({ agentId, origin }) => agents.trustOrigin(agentId, origin),
    runOperation: (request) => agents.runOperation(request),
    closeStream: ({ exchangeId }) => agents.closeStream(exchangeId),
    awaitStream: ({ exchangeId }) => agents.awaitStream(exchangeId),
    resyncTask: ({ agentId, taskId }) => agents.resyncTask(agentId, taskId),
    forgetAgent: ({ agentId }) => agents.forgetAgent(agentId),
    openCard: ({ text, name, settings }) => agents.openCard(text, name, settings),
    sendRaw: (request) => agents.sendRaw(request),
    loadLibrary: () => loadLibrary(options.dataDir ?? defaultDataDir()),
    async saveLibrary({ entries }) {
      await saveLibrary(options.dataDir ?? defaultDataDir(), entries);
      return { saved: entries.length };
    },
    async startDemoAgent() {
      demo ??= startDemoAgent();
      const started = await demo;
      return { url: started.url };
    },
    async checkCard({ text, cardUrl }) {
      const checked = checkCardText(text, cardUrl ? { cardUrl } : {});
      return {
        findings: checked.findings,
        ...(checked.detection ? { generation: checked.detection.generation } : {}),
      };
    },
    onEvent: bus.onEvent,
    createPushTarget: ({ agentId, mode, jwksUrl }) => push.createTarget(agentId, mode, jwksUrl),
    listPushTargets: async ({ agentId }) => push.listTargets(agentId),
    deletePushTarget: async ({ id }) => ({ deleted: push.deleteTarget(id) }),
    webhookStatus: async () => push.status(),
    setWebhookListener: ({ host, port }) => push.listen(host, port),
    openSession: (request) => sessions.openSession(request),
    readSessionFrames: (request) => sessions.readSessionFrames(request),
    closeSession: (request) => sessions.closeSession(request),
    saveSession: (request) => sessions.saveSession(request),
    exportSession: (request) => sessions.exportSession(request),
    listSessions: () => sessions.listSessions(),
    resendSession: (request) => sessions.resendSession(request),
    startMockAgent: (request) => sessions.startMockAgent(request),
    stopMockAgent: (request) => sessions.stopMockAgent(request),
    listMockAgents: () => sessions.listMockAgents(),
    async close() {
      await sessions.close();
      await agents.closeAll();
      await push.close();
      if (demo) await (await demo.catch(() => undefined))?.close();
    },
  };
}

/** Ids sort in creation order within a run and differ between runs (sessions from two runs can be merged). */
function frameIdSource(): () => string {
  const run = randomBytes(4).toString('hex');
  let seq = 0;
  return () => `${run}-${(++seq).toString(36).padStart(8, '0')}`;
}
