// The Electron shell (main.ts) run against a fake `electron` module: window options, navigation policy,
// openExternal, IPC handlers and the app scheme, checked one by one.

import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { hostChannel, hostEventChannel, hostMethodNames } from '../../../shared/host/hostApi';
import { RENDERER_CSP } from '../../../electron/shell/csp';
import { app, dialog, recorded, safeStorage, shell, type FakeBrowserWindow } from '../support/fakeElectron';

vi.mock('electron', async () => (await import('../support/fakeElectron')).fakeElectron);

let window: FakeBrowserWindow;

beforeAll(async () => {
  await import('../../../electron/main');
  await vi.waitFor(() => expect(recorded.windows).toHaveLength(1));
  window = recorded.windows[0]!;
});

beforeEach(() => {
  shell.openExternal.mockClear();
  dialog.showMessageBox.mockClear();
  dialog.showMessageBox.mockResolvedValue({ response: 0 });
});

describe('window', () => {
  it('uses the secure webPreferences, field by field', () => {
    const prefs = window.options.webPreferences as Record<string, unknown>;
    expect(prefs).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webviewTag: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      enableBlinkFeatures: '',
      navigateOnDragDrop: false,
      safeDialogs: true,
      spellcheck: false,
    });
    expect(String(prefs.preload)).toMatch(/preload\.cjs$/);
    expect(Object.keys(prefs).sort()).toEqual(
      [
        'allowRunningInsecureContent',
        'contextIsolation',
        'devTools',
        'enableBlinkFeatures',
        'experimentalFeatures',
        'navigateOnDragDrop',
        'nodeIntegration',
        'nodeIntegrationInSubFrames',
        'nodeIntegrationInWorker',
        'preload',
        'safeDialogs',
        'sandbox',
        'spellcheck',
        'webSecurity',
        'webviewTag',
      ].sort(),
    );
  });

  it('loads the UI from the app scheme, not file://', () => {
    expect(window.loadedUrl).toBe('app://switchboard/index.html');
  });

  it('enables the sandbox for all renderers and registers the app scheme as standard and secure', () => {
    expect(recorded.sandboxEnabledBeforeReady).toBe(true);
    expect(recorded.privilegedSchemes).toEqual([
      expect.objectContaining({
        scheme: 'app',
        privileges: expect.objectContaining({ standard: true, secure: true }),
      }),
    ]);
  });

  it('denies every permission request and check', () => {
    const callback = vi.fn();
    recorded.permissionRequestHandler?.({}, 'media', callback);
    expect(callback).toHaveBeenCalledWith(false);
    expect(recorded.permissionCheckHandler?.({}, 'clipboard-read')).toBe(false);
  });
});

describe('navigation and new windows', () => {
  // Offering a link outside is a chain of promises with no timer in it: a fake clock moved on lets the chain settle
  // without waiting on the real one.
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  for (const event of ['will-navigate', 'will-redirect', 'will-attach-webview']) {
    it(`prevents ${event}`, () => {
      const preventDefault = vi.fn();
      window.webContents.emit(event, { preventDefault }, 'https://evil.example/');
      expect(preventDefault).toHaveBeenCalledTimes(1);
    });
  }

  it('denies window.open and offers a safe link to the system browser after a confirmation', async () => {
    expect(window.webContents.windowOpenHandler?.({ url: 'https://a2a-protocol.org/latest/' })).toEqual({
      action: 'deny',
    });
    await vi.waitFor(() =>
      expect(shell.openExternal).toHaveBeenCalledWith('https://a2a-protocol.org/latest/'),
    );
    expect(dialog.showMessageBox).toHaveBeenCalledTimes(1);
  });

  it('does not open the link when the user cancels', async () => {
    dialog.showMessageBox.mockResolvedValue({ response: 1 });
    expect(window.webContents.windowOpenHandler?.({ url: 'https://example.com/' })).toEqual({
      action: 'deny',
    });
    await vi.waitFor(() => expect(dialog.showMessageBox).toHaveBeenCalledTimes(1));
    await vi.advanceTimersByTimeAsync(10);
    expect(shell.openExternal).not.toHaveBeenCalled();
  });

  it('never asks about a hostile link', async () => {
    for (const url of ['javascript:alert(1)', 'file:///etc/passwd', 'smb://attacker/share']) {
      expect(window.webContents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' });
    }
    await vi.advanceTimersByTimeAsync(10);
    expect(dialog.showMessageBox).not.toHaveBeenCalled();
    expect(shell.openExternal).not.toHaveBeenCalled();
  });
});

describe('IPC', () => {
  it('registers exactly one handler per contract method', () => {
    expect([...recorded.ipcHandlers.keys()].sort()).toEqual(hostMethodNames.map(hostChannel).sort());
  });

  const trusted = { url: 'app://switchboard/index.html', parent: null };

  it('answers the app window', async () => {
    const handler = recorded.ipcHandlers.get(hostChannel('getInfo'))!;
    const result = (await handler({ senderFrame: trusted })) as { ok: boolean; value: { edition: string } };
    expect(result.ok).toBe(true);
    expect(result.value.edition).toBe('desktop');
  });

  it("answers the start's bootstrap call with the host's description and the sidebar's lists", async () => {
    const handler = recorded.ipcHandlers.get(hostChannel('bootstrap'))!;
    const result = (await handler({ senderFrame: trusted })) as {
      ok: boolean;
      value: {
        info: { edition: string };
        library: { ok: boolean };
        proxies: { ok: boolean; value: unknown };
      };
    };
    expect(result.ok).toBe(true);
    expect(result.value.info.edition).toBe('desktop');
    expect(result.value.library.ok).toBe(true);
    expect(result.value.proxies).toEqual({ ok: true, value: [] });
  });

  it('keeps agents’ secrets in the OS keychain through safeStorage (AUTH-4)', async () => {
    const handler = recorded.ipcHandlers.get(hostChannel('getInfo'))!;
    const result = (await handler({ senderFrame: trusted })) as { value: { secretStorage: string } };
    expect(result.value.secretStorage).toBe('os-keychain');
    expect(safeStorage.isAsyncEncryptionAvailable).toHaveBeenCalled();
    expect(safeStorage.getSelectedStorageBackend).toHaveBeenCalled();
  });

  it.each([
    ['a foreign origin', { url: 'https://evil.example/', parent: null }],
    ['a subframe of the app', { url: 'app://switchboard/index.html', parent: { url: 'app://switchboard/' } }],
    ['a file:// page', { url: 'file:///tmp/x.html', parent: null }],
    ['a look-alike app host', { url: 'app://switchboard.evil/index.html', parent: null }],
    ['no frame at all', null],
  ])('rejects a call from %s', async (_label, senderFrame) => {
    for (const method of hostMethodNames) {
      const handler = recorded.ipcHandlers.get(hostChannel(method))!;
      const result = (await handler({ senderFrame }, { method: 'GET', url: 'http://127.0.0.1:1/' })) as {
        ok: boolean;
        error: { name: string };
      };
      expect(result).toEqual({ ok: false, error: expect.objectContaining({ name: 'ForbiddenSender' }) });
    }
  });

  it('validates arguments at the edge', async () => {
    const handler = recorded.ipcHandlers.get(hostChannel('fetchRaw'))!;
    const result = (await handler({ senderFrame: trusted }, { method: 'GET\r\nX: y', url: 'http://x/' })) as {
      ok: boolean;
      error: { name: string };
    };
    expect(result.ok).toBe(false);
    expect(result.error.name).toBe('InvalidArguments');
  });

  it('opens a PDF part externally through shell.openPath, with a file the host named (TL-4)', async () => {
    shell.openPath.mockClear();
    const handler = recorded.ipcHandlers.get(hostChannel('openExternally'))!;
    const pdf = Buffer.from('%PDF-1.4\n%%EOF\n').toString('base64');
    const request = { mediaType: 'application/pdf', source: { base64: pdf } };
    const result = (await handler({ senderFrame: trusted }, request)) as { ok: boolean; value: unknown };
    expect(result).toEqual({ ok: true, value: { size: 15 } });
    expect(shell.openPath).toHaveBeenCalledTimes(1);
    const file = shell.openPath.mock.calls[0]![0];
    expect(file.startsWith(path.join(app.getPath('userData'), 'tmp', 'open') + path.sep)).toBe(true);
    expect(path.basename(file)).toMatch(/^switchboard-[0-9a-f]{24}\.pdf$/);
    expect(await readFile(file, 'latin1')).toBe('%PDF-1.4\n%%EOF\n');
  });

  it('answers the error shell.openPath reports, and removes the file', async () => {
    shell.openPath.mockClear();
    shell.openPath.mockResolvedValueOnce('No application is associated with the file.');
    const handler = recorded.ipcHandlers.get(hostChannel('openExternally'))!;
    const pdf = Buffer.from('%PDF-1.7\n').toString('base64');
    const result = (await handler(
      { senderFrame: trusted },
      { mediaType: 'application/pdf', source: { base64: pdf } },
    )) as { ok: boolean; error: { message: string } };
    expect(result.ok).toBe(false);
    expect(result.error.message).toBe(
      'The PDF could not be opened: The system could not open the file: No application is associated with the file.',
    );
    await expect(stat(shell.openPath.mock.calls[0]![0])).rejects.toThrow();
  });

  it('forwards host events to the window', async () => {
    const handler = recorded.ipcHandlers.get(hostChannel('fetchRaw'))!;
    await handler({ senderFrame: trusted }, { method: 'GET', url: 'ftp://nowhere/' });
    await vi.waitFor(() =>
      expect(window.webContents.send).toHaveBeenCalledWith(
        'host:event',
        expect.objectContaining({ type: 'frames' }),
      ),
    );
  });
});

describe('app scheme', () => {
  const serve = (url: string) => recorded.protocolHandlers.get('app')!(new Request(url));

  it('serves the renderer with the strict CSP', async () => {
    const response = await serve('app://switchboard/index.html');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    expect(response.headers.get('content-type')).toContain('text/html');
    expect(await response.text()).toContain('<div id="root">');
  });

  it('refuses paths outside the renderer and other hosts', async () => {
    for (const url of [
      'app://switchboard/..%2f..%2fpackage.json',
      'app://switchboard/%2e%2e/%2e%2e/package.json',
      'app://other/index.html',
      'app://switchboard/missing.js',
    ]) {
      expect((await serve(url)).status, url).toBe(404);
    }
  });

  it('has a CSP without unsafe-eval or inline script', () => {
    expect(RENDERER_CSP).not.toContain('unsafe-eval');
    expect(RENDERER_CSP).toMatch(/script-src 'self'(;|$)/);
    expect(RENDERER_CSP).toContain("frame-ancestors 'none'");
    expect(RENDERER_CSP).toContain("object-src 'none'");
  });
});

describe('session files handed to the app (SES-8)', () => {
  const opened = () =>
    window.webContents.send.mock.calls
      .filter(
        ([channel, event]) =>
          channel === hostEventChannel && (event as { type: string }).type === 'open-session',
      )
      .map(([, event]) => (event as { path: string }).path);

  it('waits for the window to load, then sends files from open-file and a second launch', () => {
    window.webContents.send.mockClear();
    const preventDefault = vi.fn();
    app.emit('open-file', { preventDefault }, '/tmp/early.switchboard');
    expect(preventDefault).toHaveBeenCalled();
    expect(opened()).toEqual([]);
    window.webContents.emit('did-finish-load');
    expect(opened()).toEqual(['/tmp/early.switchboard']);
    app.emit(
      'second-instance',
      {},
      ['/usr/bin/switchboard', '--no-sandbox', 'run.har', 'notes.txt'],
      '/home/me',
    );
    app.emit('open-file', { preventDefault }, '/tmp/picture.png');
    expect(opened()).toEqual(['/tmp/early.switchboard', '/home/me/run.har']);
  });
});
