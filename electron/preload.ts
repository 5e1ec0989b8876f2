// The desktop preload: runs sandboxed with context isolation and exposes the host contract's named functions as
// `window.host`. Nothing else (no ipcRenderer, no generic send) reaches the page.

import { contextBridge, ipcRenderer } from 'electron';
import { buildPreloadApi } from './preloadApi';

contextBridge.exposeInMainWorld('host', buildPreloadApi(ipcRenderer));
