// The host: the HostApi implemented in plain Node. Electron's main process, the browser-edition server, the CLI and
// the tests all run this same object; it never imports `electron` (DESIGN.md §2).

import { randomBytes } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import type { Edition, HostInfo, HostService, RawRequest } from '../../shared/host-api';
import { createEventBus } from './eventBus';
import { fetchRaw } from './fetchRaw';

export interface HostOptions {
  edition: Edition;
  appVersion: string;
  electronVersion?: string;
  lookup?: LookupFunction;
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

  return {
    async getInfo() {
      return { ...info };
    },
    async fetchRaw(request: RawRequest) {
      const deps = {
        nextId,
        now,
        userAgent: `${APP_NAME}/${options.appVersion}`,
        ...(options.lookup ? { lookup: options.lookup } : {}),
      };
      const frame = await fetchRaw(request, deps);
      bus.publishFrame(frame);
      return frame;
    },
    onEvent: bus.onEvent,
  };
}

/** Ids sort in creation order within a run and differ between runs (sessions from two runs can be merged). */
function frameIdSource(): () => string {
  const run = randomBytes(4).toString('hex');
  let seq = 0;
  return () => `${run}-${(++seq).toString(36).padStart(8, '0')}`;
}
