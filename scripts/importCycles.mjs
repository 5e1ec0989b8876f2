// Finds import cycles between the project's own modules (docs/architecture.md#layers-and-folders: no cycles). Part of
// `npm run lint`. Only runtime imports count: `import type` is erased by the compiler and cannot form a load-order
// cycle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const STATIC_IMPORT = /(?:^|[\n;])\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
const BARE_IMPORT = /(?:^|[\n;])\s*import\s*['"]([^'"]+)['"]/g;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Source files below `dir` (declaration files and node_modules left out). houseMetrics.mjs walks with it too. */
export function listSources(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : listSources(full);
    return SOURCE.test(name) && !name.endsWith('.d.ts') ? [full] : [];
  });
}

function isTypeOnly(keyword, typeModifier, clause) {
  if (typeModifier) return true;
  const named = /^\{([\s\S]*)\}$/.exec(clause.trim());
  if (!named || keyword !== 'import') return false;
  const items = named[1]
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length > 0 && items.every((item) => item.startsWith('type '));
}

/** The relative, runtime import specifiers of one source text. */
export function runtimeImports(text) {
  const found = [];
  for (const [, keyword, typeModifier, clause, spec] of text.matchAll(STATIC_IMPORT)) {
    if (!isTypeOnly(keyword, typeModifier, clause)) found.push(spec);
  }
  for (const [, spec] of text.matchAll(BARE_IMPORT)) found.push(spec);
  for (const [, spec] of text.matchAll(DYNAMIC_IMPORT)) found.push(spec);
  return found.filter((spec) => spec.startsWith('.'));
}

function resolve(fromFile, spec) {
  const base = path.resolve(path.dirname(fromFile), spec);
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Every cycle among the files under `roots`, each as a list of paths relative to `cwd`, first file repeated last. */
export function findImportCycles(roots, cwd = process.cwd()) {
  const files = roots.flatMap((root) => listSources(path.resolve(cwd, root)));
  const graph = new Map(
    files.map((file) => [
      file,
      runtimeImports(readFileSync(file, 'utf8'))
        .map((spec) => resolve(file, spec))
        .filter(Boolean),
    ]),
  );
  const cycles = [];
  const state = new Map(); // file -> 'open' | 'done'
  const stack = [];
  const visit = (file) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') {
        cycles.push([...stack.slice(stack.indexOf(next)), next].map((f) => path.relative(cwd, f)));
      } else if (!state.has(next)) {
        visit(next);
      }
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cycles = findImportCycles(['shared', 'electron', 'renderer', 'tests', 'scripts']);
  for (const cycle of cycles) console.error(`Import cycle: ${cycle.join(' → ')}`);
  if (cycles.length > 0) process.exit(1);
}
