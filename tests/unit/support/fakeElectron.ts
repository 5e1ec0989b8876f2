// A stand-in for the `electron` module: records what main.ts asks of Electron (window options, handlers,
// policies) so tests can check it without the Electron binary, which cannot be downloaded on these machines.

import path from 'node:path';
import { vi } from 'vitest';
import { suiteTempDir } from './tempDir';

// Made when the host first asks for it, removed after the importing test file's last test: test files import this
// module at their top, where hooks are registered.
const fakeUserData = suiteTempDir('switchboard-fake-electron-');

type Listener = (...args: unknown[]) => unknown;

class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener) {
    return this.on(event, listener);
  }
  emit(event: string, ...args: unknown[]) {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
}

export class FakeWebContents extends Emitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined;
  readonly send = vi.fn();
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
}

export const recorded = {
  windows: [] as FakeBrowserWindow[],
  ipcHandlers: new Map<string, Listener>(),
  protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
  privilegedSchemes: [] as unknown[],
  permissionRequestHandler: undefined as Listener | undefined,
  permissionCheckHandler: undefined as Listener | undefined,
  sandboxEnabledBeforeReady: false,
  readyResolved: false,
};

export const app = Object.assign(new Emitter(), {
  isPackaged: false,
  enableSandbox: vi.fn(() => {
    recorded.sandboxEnabledBeforeReady = !recorded.readyResolved;
  }),
  requestSingleInstanceLock: vi.fn(() => true),
  quit: vi.fn(),
  getVersion: () => '0.0.0-test',
  // A fresh folder per run: the host records its journal there.
  getPath: vi.fn((name: string) => path.join(fakeUserData(), name)),
  whenReady: () =>
    Promise.resolve().then(() => {
      recorded.readyResolved = true;
    }),
});

export class FakeBrowserWindow extends Emitter {
  static getAllWindows = () => recorded.windows;
  static getFocusedWindow = () => recorded.windows[0] ?? null;
  readonly webContents = new FakeWebContents();
  loadedUrl: string | undefined;
  constructor(readonly options: Record<string, unknown>) {
    super();
    recorded.windows.push(this);
    // Electron announces every new web contents to the app before anything loads in it.
    app.emit('web-contents-created', {}, this.webContents);
  }
  loadURL(url: string) {
    this.loadedUrl = url;
    return Promise.resolve();
  }
  isDestroyed() {
    return false;
  }
  show() {}
  focus() {}
}

export const ipcMain = {
  handle: vi.fn((channel: string, handler: Listener) => {
    recorded.ipcHandlers.set(channel, handler);
  }),
};

export const protocol = {
  registerSchemesAsPrivileged: vi.fn((schemes: unknown[]) => {
    recorded.privilegedSchemes.push(...schemes);
  }),
  handle: vi.fn((scheme: string, handler: (request: Request) => Promise<Response>) => {
    recorded.protocolHandlers.set(scheme, handler);
  }),
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler: vi.fn((handler: Listener) => {
      recorded.permissionRequestHandler = handler;
    }),
    setPermissionCheckHandler: vi.fn((handler: Listener) => {
      recorded.permissionCheckHandler = handler;
    }),
  },
};

export const shell = {
  openExternal: vi.fn(async (_url: string) => {}),
  // Electron answers '' when the file opened, else an error string.
  openPath: vi.fn(async (_path: string) => ''),
};
export const dialog = { showMessageBox: vi.fn(async (..._args: unknown[]) => ({ response: 0 })) };

/** The OS keychain as a Linux desktop with the Secret Service has it; encryption that is not the plain text. */
export const safeStorage = {
  isAsyncEncryptionAvailable: vi.fn(async () => true),
  getSelectedStorageBackend: vi.fn(() => 'gnome_libsecret'),
  encryptStringAsync: vi.fn(async (text: string) => Buffer.from(text, 'utf8').map((b) => b ^ 0x5a)),
  decryptStringAsync: vi.fn(async (bytes: Buffer) => ({
    result: Buffer.from(bytes.map((b) => b ^ 0x5a)).toString('utf8'),
    shouldReEncrypt: false,
  })),
};

export const fakeElectron = {
  app,
  safeStorage,
  BrowserWindow: FakeBrowserWindow,
  ipcMain,
  protocol,
  session,
  shell,
  dialog,
};
