// The single factory for every BrowserWindow's webPreferences (SEC-1). Each field is set explicitly, even where it
// equals Electron's default, so a future default change or a careless edit shows up in the unit test.

export interface SecureWebPreferences {
  preload: string;
  contextIsolation: true;
  sandbox: true;
  nodeIntegration: false;
  nodeIntegrationInWorker: false;
  nodeIntegrationInSubFrames: false;
  webviewTag: false;
  webSecurity: true;
  allowRunningInsecureContent: false;
  experimentalFeatures: false;
  enableBlinkFeatures: '';
  navigateOnDragDrop: false;
  safeDialogs: true;
  spellcheck: false;
  devTools: boolean;
}

export function createWebPreferences(
  preloadPath: string,
  options: { devTools: boolean },
): SecureWebPreferences {
  return {
    preload: preloadPath,
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
    devTools: options.devTools,
  };
}
