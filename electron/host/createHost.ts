// The host: the HostApi implemented in plain Node. Electron's main process, the browser-edition server, the CLI and
// the tests all run this same object; it never imports `electron` (docs/architecture.md#layers-and-folders).

import { randomBytes } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LookupFunction } from 'node:net';
import type { AgentSummary, OpenAgentResult, RawAgentRequest } from '../../shared/host/agent';
import type {
  Edition,
  HostInfo,
  HostService,
  OpenExternallyRequest,
  RawRequest,
} from '../../shared/host/hostApi';
import type { Frame } from '../../shared/wire/frame';
import { redactFrames, redactionLeaves } from '../../shared/session/redact';
import { workerAnalyser, type StreamAnalyser } from './agent/streamAnalyser';
import type { RedactionItem } from '../../shared/session/types';
import { createActsService, type ActsService } from './acts/actsService';
import { createAgentClient, type AgentClient } from './agent/agentClient';
import type { Recorder } from './agent/recorder';
import { runProbes, type ProbeHost } from './checks/probes';
import { createOperationAborts, progressReporter } from './operationAborts';
import type { ResendHost } from './session/resend';
import { createPushService, type PushService } from './push/pushService';
import { createProxyService, type ProxyEngine, type ProxyService } from './proxy/proxyService';
import { createProxyEngine } from './proxy/proxyEngine';
import { checkCardText } from './cardCheck';
import { checkRequestBody } from './requestBodySchema';
import { defaultDataDir } from './dataDir';
import { startDemoAgent, type DemoAgent } from './demo/demoAgent';
import { createEventBus, type EventBus } from './eventBus';
import { loadLibrary, saveLibrary } from './library';
import { libraryHoldStore } from './routeHoldStore';
import { fetchRaw } from './fetchRaw';
import { openExternally, type FileOpener } from './openExternally';
import { blobDirOf } from './session/journal';
import { sessionAgentOf, startRecording, type Recording } from './session/recording';
import { SPILL_ABOVE_BYTES } from './spill/spillCollector';
import { storedInFolder } from './spill/storedBodies';
import { createSearchService } from './session/searchingSessions';
import { createSessionService } from './session/sessionService';
import { hostBootstrap } from './bootstrap';
import { hasSecretFile, openPassphraseVault } from './secrets/passphraseVault';
import { keychainVault, memoryVault, type SecretCipher, type SecretVault } from './secrets/secretVault';

export interface HostOptions {
  edition: Edition;
  appVersion: string;
  electronVersion?: string;
  lookup?: LookupFunction;
  /** HTTPS_PROXY, HTTP_PROXY and NO_PROXY are read here instead of the process's environment (NET-1; tests). */
  proxyEnv?: Record<string, string | undefined>;
  /** Where the agent library, sessions and recordings are kept; the platform's per-user config folder when absent. */
  dataDir?: string;
  /**
   * Records every frame into a journal in the data folder (SES-1). On by default, except for test hosts without a
   * data folder of their own (they must not write into the user's).
   */
  record?: boolean;
  /**
   * Where the recording's journal goes when not the data folder: the command line's `--save` records each run into a
   * folder of its own, so the saved file holds that run only and the user's data folder gains no journal.
   */
  recordDir?: string;
  /**
   * Encryption from the OS (Electron safeStorage) for agents' secrets; without it they stay in memory (AUTH-4).
   * Asked for on first use, because Electron can say whether it has a keyring only once the app is ready.
   */
  secretCipher?: () => Promise<SecretCipher | undefined>;
  /**
   * The built analysis worker (dist/electron/analysisWorker.cjs): stream events are decoded and checked there,
   * beside the thread that reads and records them. In the host's own thread when absent (tests run from source).
   */
  analysisWorker?: string;
  /**
   * Hands a file the host wrote (a PDF part the user chose to open externally, TL-4) to the OS's app for it: Electron's
   * shell.openPath on the desktop, the OS opener in the browser edition. Without it, opening externally is refused.
   */
  openFile?: FileOpener;
  /** Starts one recording proxy (PRX-1); tests hand in a fake. Without it, starting a proxy is refused. */
  proxyEngine?: ProxyEngine;
  /**
   * Handed the host's recorder once it exists, for what records through it outside the HostApi: the command line's
   * `switchboard proxy` (PRX-1), whose frames must reach the run's recording like the host's own.
   */
  onRecorder?: (recorder: Recorder, push: PushService) => void;
  /**
   * Session files larger than this open in browse mode before they are indexed (issue 27): the whole-read cap
   * (500 MiB) when absent. Tests set a few megabytes, so the open they test needs no file that large.
   */
  progressiveOpenBytes?: number;
}

export const APP_NAME = 'Switchboard';

export function createHost(options: HostOptions): HostService {
  const bus = createEventBus();
  const deps = {
    nextId: frameIdSource(),
    now: () => performance.timeOrigin + performance.now(),
    userAgent: `${APP_NAME}/${options.appVersion}`,
    ...(options.lookup ? { lookup: options.lookup } : {}),
    ...(options.proxyEnv ? { env: options.proxyEnv } : {}),
  };
  const info = hostInfo(options);
  const dataDir = options.dataDir ?? (options.edition === 'test' ? undefined : defaultDataDir());
  const recordDir = options.recordDir ?? dataDir;
  const recording =
    recordDir && (options.record ?? true) ? startRedactedRecording(recordDir, options.appVersion) : undefined;
  // A recording keeps spilled answers in its blob folder, so its journal finds them; without one they go to a folder
  // of this run's own, removed at close.
  const spillDir = recording
    ? blobDirOf(recording.file)
    : path.join(dataDir ?? tmpdir(), 'spill', `run-${process.pid}-${randomBytes(4).toString('hex')}`);
  const analyser = options.analysisWorker ? workerAnalyser(options.analysisWorker) : undefined;
  // Its module loads beside the host's start rather than in a first stream's path (bench:ingest).
  analyser?.start();
  const recorder = hostRecorder(deps, analyser, spillDir, recording, bus, (frame) => push.observe(frame));
  const secrets = new HostSecrets(dataDir, options.secretCipher);
  // Holds are kept in the library for the app only: a command-line run is asked for explicitly and must neither be
  // stopped by what the app remembered nor leave holds in the user's library.
  const holds = dataDir && options.edition !== 'cli' ? libraryHoldStore(dataDir) : undefined;
  const agents = createAgentClient(recorder, secrets.vault, holds);
  const push = createPushService(recorder, (agentId) => agents.describe(agentId));
  options.onRecorder?.(recorder, push);
  const remember = rememberer(recording, analyser);
  const proxies = createProxyService({
    engine: options.proxyEngine ?? createProxyEngine({ recorder, push }),
    publish: (list) => bus.publish({ type: 'proxies', proxies: list }),
  });
  const api = {
    sendRaw: (request: RawAgentRequest, signal?: AbortSignal) => agents.sendRaw(request, signal),
    awaitStream: ({ exchangeId }: { exchangeId: string }) => agents.awaitStream(exchangeId),
    closeStream: ({ exchangeId }: { exchangeId: string }) => agents.closeStream(exchangeId),
    onEvent: bus.onEvent,
  };
  const probeHost: ProbeHost = {
    runOperation: (request) => agents.runOperation(request),
    sendRaw: api.sendRaw,
    awaitStream: api.awaitStream,
    closeStream: api.closeStream,
    createPushTarget: ({ agentId, mode, jwksUrl }) => push.createTarget(agentId, mode, jwksUrl),
    deletePushTarget: async ({ id }) => ({ deleted: push.deleteTarget(id) }),
    onEvent: bus.onEvent,
    configureAgent: async ({ agentId, settings }) => remember(await agents.configureAgent(agentId, settings)),
  };
  const acts = createActsService(
    {
      runOperation: (request) => agents.runOperation(request),
      sendRaw: api.sendRaw,
      awaitStream: api.awaitStream,
      closeStream: api.closeStream,
      fetchRaw: (request) => fetchRecorded(request),
      onEvent: bus.onEvent,
    },
    (agentId) => agents.summary(agentId),
    (progress) => bus.publish({ type: 'acts', progress }),
    options.appVersion,
  );
  const fetchRecorded = async (request: RawRequest) => {
    const frame = await fetchRaw(request, deps, recorder);
    recording?.record(frame);
    bus.publishFrame(frame);
    return frame;
  };
  const sessions = createSessionService({
    appVersion: options.appVersion,
    ...(dataDir ? { dataDir } : {}),
    ...(recording ? { recording } : {}),
    host: api,
    liveStored: storedInFolder(spillDir),
    onIndexProgress: (progress) => bus.publish({ type: 'session-index', progress }),
    onSessionDetails: (details) => bus.publish({ type: 'session-details', details }),
    ...(options.progressiveOpenBytes !== undefined
      ? { progressiveOpenBytes: options.progressiveOpenBytes }
      : {}),
  });
  const openFile = (request: OpenExternallyRequest) =>
    openExternally(
      {
        dir: path.join(dataDir ?? tmpdir(), 'tmp', 'open'),
        opener: options.openFile,
        readStored: (stored) => sessions.readStoredBytes(stored),
      },
      request,
    );
  const methods = hostMethods({
    info,
    openFile,
    dataDir,
    recording,
    spillDir,
    analyser,
    secrets,
    bus,
    agents,
    push,
    proxies,
    acts,
    sessions,
    remember,
    fetchRecorded,
    probeHost,
    api,
  });
  return { ...methods, bootstrap: () => hostBootstrap(methods) };
}

/** What the host's methods are made of: the services createHost assembled, and the few helpers they share. */
interface HostParts {
  info: HostInfo;
  dataDir: string | undefined;
  recording: Recording | undefined;
  spillDir: string;
  analyser: StreamAnalyser | undefined;
  secrets: HostSecrets;
  bus: EventBus;
  agents: AgentClient;
  push: PushService;
  proxies: ProxyService;
  acts: ActsService;
  sessions: ReturnType<typeof createSessionService>;
  remember: <T extends OpenAgentResult | AgentSummary>(result: T) => T;
  fetchRecorded: HostService['fetchRaw'];
  probeHost: ProbeHost;
  api: Pick<HostService, 'awaitStream' | 'closeStream'> & ResendHost;
  openFile: HostService['openExternally'];
}

/** The HostService: each method handed to the service that does the work, in the order of the host contract. */
function hostMethods(parts: HostParts): Omit<HostService, 'bootstrap'> {
  const { info, dataDir, recording, spillDir, analyser, secrets, bus, agents, push, acts, sessions } = parts;
  const { remember, fetchRecorded, probeHost, api, proxies } = parts;
  let demo: Promise<DemoAgent> | undefined;
  const aborts = createOperationAborts();
  const progressOf = (opId: string | undefined, unit: 'bytes' | 'requests') =>
    progressReporter(bus.publish, opId, unit);
  const searches = createSearchService(
    (sessionId) => sessions.searchSource(sessionId),
    (progress) => bus.publish({ type: 'search', progress }),
  );
  return {
    async getInfo() {
      const storage = (await secrets.vault()).storage;
      const locked = storage === 'memory' && dataDir !== undefined && (await hasSecretFile(dataDir));
      return { ...info, secretStorage: storage, ...(locked ? { secretFileLocked: true } : {}) };
    },
    unlockSecrets: ({ passphrase }) => secrets.unlock(passphrase),
    fetchRaw: fetchRecorded,
    openAgent: async (request) => remember(await agents.openAgent(request)),
    configureAgent: async ({ agentId, settings }) => remember(await agents.configureAgent(agentId, settings)),
    trustOrigin: async ({ agentId, origin }) => remember(await agents.trustOrigin(agentId, origin)),
    runOperation: (request) => agents.runOperation(request),
    closeStream: api.closeStream,
    awaitStream: api.awaitStream,
    resyncTask: ({ agentId, taskId }) => agents.resyncTask(agentId, taskId),
    forgetAgent: ({ agentId }) => agents.forgetAgent(agentId),
    startSignIn: ({ agentId }) => agents.startSignIn(agentId),
    awaitSignIn: ({ flowId }) => agents.awaitSignIn(flowId),
    tokenStatus: async ({ agentId, reveal }) => agents.tokenStatus(agentId, reveal === true),
    signOut: ({ agentId, revokeAt }) => agents.signOut(agentId, revokeAt),
    openCard: async ({ text, name, settings }) => remember(await agents.openCard(text, name, settings)),
    sendRaw: api.sendRaw,
    loadLibrary: () => loadLibrary(dataDir ?? defaultDataDir()),
    async saveLibrary({ entries }) {
      await saveLibrary(dataDir ?? defaultDataDir(), entries);
      return { saved: entries.length };
    },
    async startDemoAgent() {
      demo ??= startDemoAgent();
      const started = await demo;
      return { url: started.url };
    },
    checkRequestBody: async (request) => checkRequestBody(request),
    async checkCard({ text, cardUrl }) {
      const checked = checkCardText(text, cardUrl ? { cardUrl } : {});
      return {
        findings: checked.findings,
        ...(checked.detection ? { generation: checked.detection.generation } : {}),
      };
    },
    onEvent: bus.onEvent,
    announceOpen: (path) => bus.publish({ type: 'open-session', path }),
    createPushTarget: ({ agentId, mode, jwksUrl }) => push.createTarget(agentId, mode, jwksUrl),
    listPushTargets: async ({ agentId }) => push.listTargets(agentId),
    deletePushTarget: async ({ id }) => ({ deleted: push.deleteTarget(id) }),
    webhookStatus: async () => push.status(),
    setWebhookListener: ({ host, port }) => push.listen(host, port),
    openSession: (request) =>
      aborts.run(request.opId, (signal) =>
        sessions.openSession(request, signal, progressOf(request.opId, 'bytes')),
      ),
    readSessionFrames: (request) => sessions.readSessionFrames(request),
    readSessionRows: (request) => sessions.readSessionRows(request),
    findSessionRow: (request) => sessions.findSessionRow(request),
    listSessionTasks: (request) => sessions.listSessionTasks(request),
    readSessionTask: (request) => sessions.readSessionTask(request),
    searchSession: (request) => searches.searchSession(request),
    cancelSearch: (request) => searches.cancelSearch(request),
    readStoredBytes: (request) => sessions.readStoredBytes(request),
    closeSession: (request) => sessions.closeSession(request),
    saveSession: (request) => aborts.run(request.opId, (signal) => sessions.saveSession(request, signal)),
    exportSession: (request) => aborts.run(request.opId, (signal) => sessions.exportSession(request, signal)),
    listSessions: () => sessions.listSessions(),
    resendSession: (request) =>
      aborts.run(request.opId, (signal) =>
        sessions.resendSession(request, signal, progressOf(request.opId, 'requests')),
      ),
    startMockAgent: (request) => sessions.startMockAgent(request),
    stopMockAgent: (request) => sessions.stopMockAgent(request),
    listMockAgents: () => sessions.listMockAgents(),
    runProbes: ({ agentId, probes, opId }) =>
      aborts.run(opId, (signal) =>
        runProbes(probeHost, agents.summary(agentId), probes, signal ? { signal } : {}),
      ),
    // A conformance run is named by its runId and a browse search by its opId, so the one Cancel every long
    // operation has stops them too (UX-5).
    cancelOperation: async ({ opId }) => ({
      cancelled: aborts.cancel(opId) || searches.cancelOperation(opId) || acts.stop(opId).stopped,
    }),
    actsCatalog: async () => acts.catalog(),
    startActs: async (request) => acts.start(request),
    awaitActs: ({ runId }) => acts.settled(runId),
    stopActs: async ({ runId }) => acts.stop(runId),
    openExternally: parts.openFile,
    startProxy: (request) => proxies.start(request),
    stopProxy: ({ id }) => proxies.stop(id),
    listProxies: async () => proxies.list(),
    setProxyFaultRules: async ({ id, rules }) => proxies.setFaultRules(id, rules),
    async close() {
      // A proxy that fails to close must not keep the rest of the host open.
      await proxies.stopAll().catch(() => undefined);
      await acts.close();
      searches.close();
      await sessions.close();
      await agents.closeAll();
      await push.close();
      await analyser?.close();
      // Last, so the frames of streams closed just above are in it.
      await recording?.close();
      if (!recording) await rm(spillDir, { recursive: true, force: true });
      if (demo) await (await demo.catch(() => undefined))?.close();
    },
  };
}

function hostInfo(options: HostOptions): HostInfo {
  const info: HostInfo = {
    appName: APP_NAME,
    appVersion: options.appVersion,
    edition: options.edition,
    platform: process.platform,
    arch: process.arch,
    nodeVersion: process.versions.node,
    secretStorage: 'memory',
  };
  if (options.electronVersion) info.electronVersion = options.electronVersion;
  return info;
}

/** The live recording (SES-1), its frames redacted on the way to disk. */
function startRedactedRecording(dataDir: string, appVersion: string): Recording {
  return startRecording({
    dataDir,
    appVersion,
    transform: redactFrame,
    untransformed: redactionLeaves,
  });
}

/** Where every frame the agent client makes goes: the push service, the live recording and the event bus. */
function hostRecorder(
  deps: Recorder['deps'],
  analyser: StreamAnalyser | undefined,
  spillDir: string,
  recording: Recording | undefined,
  bus: EventBus,
  observe: (frame: Frame) => void,
): Recorder {
  return {
    deps,
    ...(analyser ? { analyser } : {}),
    spill: { dir: spillDir, aboveBytes: SPILL_ABOVE_BYTES },
    publish: (frame) => {
      observe(frame);
      recording?.record(frame);
      bus.publishFrame(frame);
    },
    capture: {
      frames: (frames, marks, bytes) => {
        recording?.recordStream(frames, marks, bytes);
        for (const frame of frames) {
          observe(frame);
          bus.publishFrame(frame);
        }
      },
    },
  };
}

/** Every agent opened or changed goes into the recording, so a session knows the cards behind its frames. */
function rememberer(
  recording: Recording | undefined,
  analyser: StreamAnalyser | undefined,
): <T extends OpenAgentResult | AgentSummary>(result: T) => T {
  return (result) => {
    const summary: AgentSummary | undefined =
      'ok' in result ? (result.ok ? result.agent : undefined) : (result as AgentSummary);
    if (summary) recording?.recordAgent(sessionAgentOf(summary));
    if (summary?.generation) analyser?.prepare(summary.generation);
    return result;
  };
}

/**
 * Where agents' secrets are kept (AUTH-4): the OS keychain when the platform offers encryption, else memory until a
 * passphrase file is unlocked. The vault is chosen on first use, because Electron can say whether it has a keyring
 * only once the app is ready.
 */
class HostSecrets {
  /** Secrets typed before a passphrase file is opened are kept here, and moved into it when it is. */
  private readonly memory = memoryVault();
  private chosen: Promise<SecretVault> | undefined;

  constructor(
    private readonly dataDir: string | undefined,
    private readonly secretCipher: HostOptions['secretCipher'],
  ) {}

  readonly vault = (): Promise<SecretVault> => {
    this.chosen ??= (async () => {
      const cipher = this.dataDir ? await this.secretCipher?.() : undefined;
      return cipher && this.dataDir ? keychainVault(this.dataDir, cipher) : this.memory;
    })();
    return this.chosen;
  };

  async unlock(passphrase: string): Promise<{ created: boolean }> {
    const dataDir = this.dataDir;
    if (!dataDir) throw new Error('This host has no data folder to keep a secrets file in.');
    const current = await this.vault();
    if (current.storage === 'os-keychain') throw new Error('Secrets are already kept in the OS keychain.');
    if (current.storage === 'passphrase-file') return { created: false };
    const { vault: opened, created } = await openPassphraseVault(dataDir, passphrase);
    // What was typed this run wins over what the file had.
    for (const [url, secrets] of this.memory.entries()) await opened.set(url, secrets);
    this.chosen = Promise.resolve(opened);
    return { created };
  }
}

/** No secret reaches the disk: the journal holds frames as an export would (AUTH-4). */
function redactFrame(frame: Frame): { frame: Frame; items: RedactionItem[] } {
  const redacted = redactFrames([frame]);
  return { frame: redacted.frames[0] ?? frame, items: redacted.items };
}

/** Ids sort in creation order within a run and differ between runs (sessions from two runs can be merged). */
function frameIdSource(): () => string {
  const run = randomBytes(4).toString('hex');
  let seq = 0;
  return () => `${run}-${(++seq).toString(36).padStart(8, '0')}`;
}
