// The host's description as the browser edition on Linux gives it, for tests of what is built from it.

import type { HostInfo } from '../../../shared/host/hostApi';

export const BROWSER_HOST_INFO: HostInfo = {
  appName: 'Switchboard',
  appVersion: '1',
  edition: 'browser',
  platform: 'linux',
  arch: 'x64',
  nodeVersion: '20',
  secretStorage: 'memory',
};
