// electron-builder.yml checked offline against electron-builder's own JSON schema (which refuses unknown keys),
// plus the settings SEC-1 depends on: fuses, ASAR, and files limited to the build output.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as object;
const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
const config = parse(readFileSync('electron-builder.yml', 'utf8')) as Record<string, unknown>;

function errorsOf(candidate: unknown): string[] {
  return validate(candidate)
    ? []
    : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`);
}

describe('electron-builder.yml', () => {
  it('is valid against electron-builder’s schema', () => {
    expect(errorsOf(config)).toEqual([]);
  });

  it('fails validation for an unknown key, at the top and inside the fuses', () => {
    expect(errorsOf({ ...config, asarr: true }).join('\n')).toMatch(/additionalProperty.*asarr/);
    const fuses = config.electronFuses as Record<string, unknown>;
    expect(errorsOf({ ...config, electronFuses: { ...fuses, runAsNodee: false } }).join('\n')).toMatch(
      /runAsNodee/,
    );
  });

  it('sets the fuses that close the Node back doors and check ASAR integrity', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
    expect(config.asar).toBe(true);
  });

  it('packs only the build output', () => {
    const files = config.files as string[];
    const includes = files.filter((pattern) => !pattern.startsWith('!'));
    expect(includes.sort()).toEqual(['dist/**/*', 'package.json']);
    expect(files).toContain('!dist/**/*.map');
  });

  it('registers the session file type and HAR for double-click opening', () => {
    expect(config.fileAssociations).toEqual([
      expect.objectContaining({ ext: 'switchboard', mimeType: 'application/vnd.switchboard.session+json' }),
      expect.objectContaining({ ext: 'har' }),
    ]);
  });

  it('points at the bundled main process', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { main: string; dependencies?: object };
    expect(pkg.main).toBe('dist/electron/main.cjs');
    // Everything is bundled, so no runtime node_modules get packed.
    expect(Object.keys(pkg.dependencies ?? {})).toEqual([]);
  });
});
