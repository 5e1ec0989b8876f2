// The Electron shell: one window on the app scheme, the security policy of docs/architecture.md#security-rules, and one
// IPC handler per contract method. Decisions live in small pure modules under shell/ so they can be tested without the
// Electron binary; this file only wires them to Electron.

import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  protocol,
  safeStorage,
  session,
  shell,
  type WebContents,
} from 'electron';
import { hostChannel, hostEventChannel, hostMethodNames } from '../shared/host/hostApi';
import { APP_VERSION } from './appVersion';
import { createHost } from './host/createHost';
import { analysisWorkerBeside } from './host/agent/analysisWorkerScript';
import { contentTypeFor, resolveAppUrl } from './shell/appProtocol';
import { RENDERER_SECURITY_HEADERS } from './shell/csp';
import { createIpcHandler } from './shell/ipcHandlers';
import { keychainCipher } from './shell/keychainCipher';
import { APP_ORIGIN, APP_SCHEME, isTrustedSender } from './shell/ipcSender';
import { denyNavigation, handleWindowOpen, type ExternalOpener } from './shell/navigation';
import { openedFileQueue, sessionPathsFromArgv } from './shell/openedFiles';
import { electronPathOpener } from './shell/pathOpener';
import { createWebPreferences } from './shell/webPreferences';

const rendererRoot = path.join(__dirname, '..', 'renderer');
const preloadPath = path.join(__dirname, 'preload.cjs');

// Must run before `ready`: a standard, secure scheme gets a real origin, so CSP 'self' and workers behave as on https.
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
  },
]);
app.enableSandbox();

const analysisWorker = analysisWorkerBeside(__dirname);
const host = createHost({
  edition: 'desktop',
  appVersion: APP_VERSION,
  dataDir: app.getPath('userData'),
  ...(process.versions.electron ? { electronVersion: process.versions.electron } : {}),
  // Asked on first use, after `ready`: only then can Electron tell whether a keyring is there.
  secretCipher: () => keychainCipher(safeStorage, process.platform),
  ...(analysisWorker ? { analysisWorker } : {}),
  // A PDF part the user opens externally goes to the OS's viewer (TL-4); the host names and writes the file.
  openFile: electronPathOpener(shell),
});

/** Session files handed to the app go to the renderer as the host's `open-session` event, once it has loaded. */
const openedFiles = openedFileQueue((file) => {
  for (const window of BrowserWindow.getAllWindows()) {
    if (!window.isDestroyed())
      window.webContents.send(hostEventChannel, { type: 'open-session', path: file });
  }
});
openedFiles.add(sessionPathsFromArgv(process.argv.slice(1), process.cwd()));
// macOS hands files over as events, possibly before `ready`.
app.on('open-file', (event: { preventDefault(): void }, file: string) => {
  event.preventDefault();
  openedFiles.add(sessionPathsFromArgv([file], process.cwd()));
});

const opener: ExternalOpener = {
  async confirm(url, warning) {
    const focused = BrowserWindow.getFocusedWindow();
    const options = {
      type: 'question' as const,
      buttons: ['Open in browser', 'Cancel'],
      defaultId: 1,
      cancelId: 1,
      message: 'Open this link outside Switchboard?',
      detail: warning ? `${url}\n\n${warning}` : url,
    };
    const result = focused
      ? await dialog.showMessageBox(focused, options)
      : await dialog.showMessageBox(options);
    return result.response === 0;
  },
  open: (url) => shell.openExternal(url),
};

function guardContents(contents: WebContents): void {
  contents.on('will-navigate', (event) => denyNavigation(event));
  contents.on('will-redirect', (event) => denyNavigation(event));
  contents.on('will-attach-webview', (event) => denyNavigation(event));
  contents.setWindowOpenHandler((details) => handleWindowOpen(details, opener));
}

export function registerHostHandlers(): void {
  for (const method of hostMethodNames) {
    ipcMain.handle(hostChannel(method), createIpcHandler(host, method, isTrustedSender));
  }
  host.onEvent((event) => {
    for (const window of BrowserWindow.getAllWindows()) {
      if (!window.isDestroyed()) window.webContents.send(hostEventChannel, event);
    }
  });
}

async function serveAppAsset(request: Request): Promise<Response> {
  const file = resolveAppUrl(rendererRoot, request.url);
  if (!file) return new Response('Not found', { status: 404 });
  try {
    const bytes = await readFile(file);
    return new Response(bytes, {
      headers: { 'Content-Type': contentTypeFor(file), ...RENDERER_SECURITY_HEADERS },
    });
  } catch {
    return new Response('Not found', { status: 404 });
  }
}

function createMainWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1320,
    height: 860,
    minWidth: 800,
    minHeight: 500,
    show: false,
    title: 'Switchboard',
    webPreferences: createWebPreferences(preloadPath, { devTools: !app.isPackaged }),
  });
  window.once('ready-to-show', () => window.show());
  window.webContents.once('did-finish-load', () => openedFiles.ready());
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  app.on('web-contents-created', (_event, contents) => guardContents(contents));
  app.on('second-instance', (_event, argv, cwd) => {
    BrowserWindow.getAllWindows()[0]?.focus();
    openedFiles.add(sessionPathsFromArgv(argv.slice(1), cwd));
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  // The demo agent and open streams hold sockets; let them go before the process ends.
  app.on('will-quit', () => void host.close());
  void app.whenReady().then(() => {
    session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
    session.defaultSession.setPermissionCheckHandler(() => false);
    protocol.handle(APP_SCHEME, serveAppAsset);
    registerHostHandlers();
    createMainWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) createMainWindow();
    });
  });
}
