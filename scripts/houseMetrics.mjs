// Measures how readable the house is, from the code alone: imports between renderer features, imports that point
// back up (a lower layer reaching into a feature), generation-string comparisons outside shared/a2a/, files over
// 400 lines and functions over 120 lines. `node scripts/houseMetrics.mjs [--json] [--list]` prints the numbers that
// docs/architecture.md quotes; tests/unit/scripts/houseMetrics.test.ts holds the rules the layout promises.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { listSources } from './importCycles.mjs';

const SOURCE_ROOTS = ['shared', 'electron', 'renderer', 'scripts', 'bench'];
const IMPORT =
  /(?:^|[\n;])\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?)\s*from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;
/** Layers below the features: they serve every feature and may import none. */
export const LOWER_LAYERS = ['ui', 'store', 'host', 'monaco', 'theme', 'queries'];
const GENERATION_LITERAL = String.raw`['"](?:0\.1|0\.2|0\.3|1\.0)['"]`;
const GENERATION_COMPARISON = new RegExp(
  String.raw`[!=]==\s*${GENERATION_LITERAL}|${GENERATION_LITERAL}\s*[!=]==|case\s+${GENERATION_LITERAL}\s*:|\.startsWith\(\s*['"][01]\.['"]\s*\)`,
  'g',
);

/** Relative import specifiers of a source text, type-only imports included: they tie modules as much as code does. */
export function importSpecifiers(text) {
  return [...text.matchAll(IMPORT)]
    .map((match) => match[1] ?? match[2])
    .filter((spec) => spec.startsWith('.'));
}

/** The renderer folder a file sits in: `features/<name>`, a lower layer, or the renderer's root. */
export function rendererPlace(relativeFile) {
  const parts = relativeFile.split(/[\\/]/);
  if (parts[0] !== 'renderer') return null;
  if (parts[1] === 'features' && parts.length > 3) return `features/${parts[2]}`;
  if (parts.length > 2) return parts[1];
  return '.';
}

/** Renderer imports as place → place pairs, plus those that enter a feature other than through its index.ts. */
export function rendererArrows(cwd) {
  const arrows = new Map();
  const deepImports = [];
  for (const file of listSources(path.join(cwd, 'renderer'))) {
    const from = path.relative(cwd, file);
    const fromPlace = rendererPlace(from);
    for (const spec of importSpecifiers(readFileSync(file, 'utf8'))) {
      const resolved = path.resolve(path.dirname(file), spec);
      // A folder import lands on the folder's index.
      const folder = existsSync(resolved) && statSync(resolved).isDirectory();
      const target = path.relative(cwd, folder ? path.join(resolved, 'index') : resolved);
      const toPlace = rendererPlace(`${target}.x`);
      if (!toPlace || toPlace === fromPlace) continue;
      const key = `${fromPlace} -> ${toPlace}`;
      arrows.set(key, [...(arrows.get(key) ?? []), from]);
      const parts = target.split(/[\\/]/);
      if (toPlace.startsWith('features/') && !(parts.length === 4 && parts[3] === 'index')) {
        deepImports.push(`${from} -> ${target}`);
      }
    }
  }
  return { arrows, deepImports };
}

/** Feature → feature arrows, and arrows that point back up: a lower layer importing a feature. */
export function layerCounts(arrows) {
  const keys = [...arrows.keys()];
  const betweenFeatures = keys.filter((key) => /^features\/\S+ -> features\//.test(key));
  const backUp = keys.filter((key) => {
    const [from, to] = key.split(' -> ');
    return to.startsWith('features/') && LOWER_LAYERS.includes(from);
  });
  return { betweenFeatures, backUp };
}

/** `file:line` of every comparison with a generation string, outside shared/a2a/ where the adapters live. */
export function generationComparisons(cwd) {
  const found = [];
  for (const root of SOURCE_ROOTS) {
    for (const file of listSources(path.join(cwd, root))) {
      const relative = path.relative(cwd, file).split(path.sep).join('/');
      if (relative.startsWith('shared/a2a/')) continue;
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, index) => {
          const count = [...line.matchAll(GENERATION_COMPARISON)].length;
          for (let n = 0; n < count; n++) found.push(`${relative}:${index + 1}`);
        });
    }
  }
  return found;
}

function functionName(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  return '(anonymous)';
}

/** Every function of a source text longer than `limit` lines, as {name, line, lines}. */
export function longFunctions(fileName, text, limit) {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (end - start + 1 > limit)
        found.push({ name: functionName(node), line: start + 1, lines: end - start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every number this script reports, for the project in `cwd`. */
export function measureHouse(cwd = process.cwd()) {
  const { arrows, deepImports } = rendererArrows(cwd);
  const { betweenFeatures, backUp } = layerCounts(arrows);
  const files = SOURCE_ROOTS.flatMap((root) => listSources(path.join(cwd, root)));
  const longFiles = [];
  const longFns = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const relative = path.relative(cwd, file).split(path.sep).join('/');
    const lines = text.split('\n').length;
    if (lines > 400) longFiles.push(`${relative} (${lines})`);
    for (const fn of longFunctions(file, text, 120))
      longFns.push(`${relative}:${fn.line} ${fn.name} (${fn.lines})`);
  }
  return {
    featureArrows: betweenFeatures,
    backUpArrows: backUp,
    deepImports,
    generationComparisons: generationComparisons(cwd),
    filesOver400: longFiles,
    functionsOver120: longFns,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const report = measureHouse();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    for (const [name, items] of Object.entries(report)) {
      console.log(`${name}: ${items.length}`);
      if (process.argv.includes('--list')) for (const item of items) console.log(`  ${item}`);
    }
  }
}
