// ESLint rules for the layers that a package-name pattern cannot express, because they depend on where the importing
// file sits (docs/architecture.md#import-rules). Each resolves a relative import against the importing file's folder
// and judges the path it lands on:
// - `renderer-layers`: renderer/ui, store, host and queries import no feature; a feature reaches another feature only
//   through that feature's index.ts, and so does the app root;
// - `host-isolation`: nothing under electron/host/, however deep, imports the Electron shell, the browser-edition
//   server, the launcher or the entry points.
import path from 'node:path';

const LOWER_LAYERS = ['ui', 'store', 'host', 'queries'];
const SHELL_PLACES = ['electron/shell/', 'electron/web/', 'electron/launch/'];
const ENTRY_POINTS = [
  'electron/main',
  'electron/preload',
  'electron/preloadApi',
  'electron/server',
  'electron/cli',
];

/** The repository-relative path a relative import lands on, without its extension; undefined for a package. */
function importTarget(context, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
  return { file, target: target.replace(/\.(ts|tsx|js|mjs)$/, '') };
}

/** Calls `check` with each relative import, re-export and dynamic import of a file. */
function eachImport(context, check) {
  const visit = (node) => {
    const source = node.source;
    if (source && source.type === 'Literal' && typeof source.value === 'string') {
      const resolved = importTarget(context, source.value);
      if (resolved) check(node, source.value, resolved);
    }
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
  };
}

function featureOf(repoPath) {
  return /^renderer\/features\/([^/]+)(\/|$)/.exec(repoPath)?.[1];
}

const rendererLayers = {
  meta: {
    type: 'problem',
    docs: { description: 'Renderer layers: lower layers import no feature; features meet through index.ts.' },
    schema: [],
    messages: {
      lowerImportsFeature:
        'renderer/{{layer}} serves every feature and imports none ({{specifier}}); move what it needs down a layer.',
      featureInternals:
        "Feature '{{feature}}' is reached through its index.ts: import from '{{entry}}', not {{specifier}}.",
    },
  },
  create(context) {
    return eachImport(context, (node, specifier, { file, target }) => {
      const targetFeature = featureOf(target);
      if (!targetFeature) return;
      const layer = /^renderer\/([^/]+)\//.exec(file)?.[1];
      if (layer && LOWER_LAYERS.includes(layer)) {
        context.report({ node, messageId: 'lowerImportsFeature', data: { layer, specifier } });
        return;
      }
      // Inside a feature its own files meet freely; from anywhere else (another feature, the app root) only the index.
      if (featureOf(file) === targetFeature) return;
      const root = `renderer/features/${targetFeature}`;
      if (target === root || target === `${root}/index`) return;
      const entry = path.posix.relative(path.posix.dirname(file), root);
      context.report({
        node,
        messageId: 'featureInternals',
        data: { feature: targetFeature, entry: entry.startsWith('.') ? entry : `./${entry}`, specifier },
      });
    });
  },
};

const hostIsolation = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'electron/host runs outside Electron: it imports no shell, server, launcher or entry point.',
    },
    schema: [],
    messages: {
      forbidden:
        'electron/host imports only shared/ and Node: it must run outside Electron and without a window ({{specifier}}).',
    },
  },
  create(context) {
    return eachImport(context, (node, specifier, { file, target }) => {
      if (!file.startsWith('electron/host/')) return;
      const outward = SHELL_PLACES.some((place) => target.startsWith(place)) || ENTRY_POINTS.includes(target);
      if (outward) context.report({ node, messageId: 'forbidden', data: { specifier } });
    });
  },
};

export const layersPlugin = { rules: { 'renderer-layers': rendererLayers, 'host-isolation': hostIsolation } };
