// Types for scripts/importCycles.mjs, used by its unit test.
export function runtimeImports(text: string): string[];
export function findImportCycles(roots: string[], cwd?: string): string[][];
export function listSources(dir: string): string[];
