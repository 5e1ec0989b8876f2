// Monaco from the bundle, never a CDN (docs/architecture.md#state-in-the-renderer): the editor API, the JSON language
// with its worker, and syntax colouring for the other bodies agents send. Imported only by the lazily loaded viewer, so
// none of it weighs on start-up.

import { loader } from '@monaco-editor/react';
import * as monaco from 'monaco-editor/editor/editor.api';
import 'monaco-editor/languages/features/json/register';
// The editor features (suggest, code lens, inlay hints, action widget …) and the services they need. The JSON language
// pulls this module in when it first loads, but by then the first editor has started Monaco's services, and an
// editor created later fails with "depends on UNKNOWN service" (two editors, e.g. a body and a composer field).
// Loaded here, before any editor exists, every service is registered in time.
import 'monaco-editor/internal/common/workers';
import 'monaco-editor/languages/definitions/html/register';
import 'monaco-editor/languages/definitions/xml/register';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/languages/features/json/json.worker?worker';

globalThis.MonacoEnvironment = {
  getWorker(_workerId: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

loader.config({ monaco });
