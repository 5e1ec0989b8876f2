// The layering rules of DESIGN.md §2 are enforced by ESLint: each forbidden arrow below must fail lint, and the
// allowed ones must pass.

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

describe('import rules', () => {
  it.each([
    ['shared/a2a/x.ts', "import x from 'node:fs';"],
    ['shared/a2a/x.ts', "import x from 'fs';"],
    ['shared/a2a/x.ts', "import x from 'electron';"],
    ['shared/a2a/x.ts', "import x from 'react';"],
    ['shared/a2a/x.ts', "import x from '../../electron/host/createHost';"],
    ['shared/a2a/x.ts', "import x from '../../renderer/App';"],
    ['electron/host/x.ts', "import x from 'electron';"],
    ['electron/host/x.ts', "import x from '../../renderer/App';"],
    ['electron/host/x.ts', "import x from '../shell/csp';"],
    ['electron/web/x.ts', "import x from 'electron';"],
    ['electron/shell/x.ts', "import x from 'electron';"],
    ['electron/server.ts', "import x from 'electron';"],
    ['renderer/features/x.ts', "import x from 'node:path';"],
    ['renderer/features/x.ts', "import x from 'electron';"],
    ['renderer/features/x.ts', "import x from '../../electron/host/createHost';"],
  ])('%s may not %s', async (filePath, source) => {
    expect(await importErrors(filePath, source)).not.toEqual([]);
  });

  it.each([
    ['shared/a2a/x.ts', "import x from '../host-api';"],
    ['shared/a2a/x.ts', "import x from 'zod';"],
    ['electron/host/x.ts', "import x from 'node:http';"],
    ['electron/host/x.ts', "import x from '../../shared/host-api';"],
    ['electron/main.ts', "import x from 'electron';"],
    ['electron/preload.ts', "import x from 'electron';"],
    ['renderer/features/x.ts', "import x from '../../shared/host-api';"],
    ['renderer/features/x.ts', "import x from 'react';"],
  ])('%s may %s', async (filePath, source) => {
    expect(await importErrors(filePath, source)).toEqual([]);
  });
});

describe('cycles', () => {
  it('fail lint', async () => {
    const { mkdtempSync, rmSync, writeFileSync } = await import('node:fs');
    const path = await import('node:path');
    const dir = mkdtempSync(path.join('shared', '.cycle-test-'));
    try {
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a';\nexport const b = () => a;\n");
      const [result] = await new ESLint({ ignore: false }).lintFiles([path.join(dir, 'a.ts')]);
      expect(result?.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
