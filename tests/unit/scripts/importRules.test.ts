// The layering rules of docs/architecture.md#layers-and-folders are enforced by ESLint: each forbidden arrow below must
// fail lint, and the allowed ones must pass.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import { findImportCycles, runtimeImports } from '../../../scripts/importCycles.mjs';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint();

async function importErrors(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId?.startsWith('switchboard/'))
    .map((m) => m.message);
}

describe('import rules', () => {
  it.each([
    ['shared/a2a/x.ts', "import x from 'node:fs';"],
    ['shared/a2a/x.ts', "import x from 'fs';"],
    ['shared/a2a/x.ts', "import x from 'electron';"],
    ['shared/a2a/x.ts', "import x from 'react';"],
    ['shared/a2a/x.ts', "import x from '../../../electron/host/createHost';"],
    ['shared/a2a/x.ts', "import x from '../../../renderer/App';"],
    ['electron/host/x.ts', "import x from 'electron';"],
    ['electron/host/x.ts', "import x from '../../../renderer/App';"],
    ['electron/host/x.ts', "import x from '../shell/csp';"],
    ['electron/web/x.ts', "import x from 'electron';"],
    ['electron/shell/x.ts', "import x from 'electron';"],
    ['electron/server.ts', "import x from 'electron';"],
    ['renderer/features/x.ts', "import x from 'node:path';"],
    ['renderer/features/x.ts', "import x from 'electron';"],
    ['renderer/features/x.ts', "import x from '../../../electron/host/createHost';"],
    // Deeper in electron/host, the shell and the entry points stay out of reach.
    ['electron/host/agent/x.ts', "import x from '../../shell/csp';"],
    ['electron/host/session/deep/x.ts', "import x from '../../../web/webServer';"],
    ['electron/host/agent/x.ts', "import x from '../../main';"],
    ['electron/host/agent/x.ts', "export { x } from '../../launch/launchPlan';"],
    // Renderer layers: lower layers import no feature; features meet through index.ts.
    ['renderer/ui/x.ts', "import x from '../features/agents';"],
    ['renderer/ui/monaco/x.ts', "import x from '../../features/frames/FramesTable';"],
    ['renderer/store/x.ts', "import x from '../features/sessions/replayPlan';"],
    ['renderer/host/x.ts', "import x from '../features/sessions';"],
    ['renderer/queries/x.ts', "import x from '../features/card/cardQueries';"],
    ['renderer/features/card/x.ts', "import x from '../agents/useAgentActions';"],
    ['renderer/features/card/x.tsx', "const X = import('../checks/ChecksPanel');"],
    ['renderer/App.tsx', "import x from './features/layout/Workspace';"],
  ])('%s may not %s', async (filePath, source) => {
    expect(await importErrors(filePath, source)).not.toEqual([]);
  });

  it.each([
    ['shared/a2a/x.ts', "import x from '../host-api';"],
    ['shared/a2a/x.ts', "import x from 'zod';"],
    ['electron/host/x.ts', "import x from 'node:http';"],
    ['electron/host/x.ts', "import x from '../../../shared/host/hostApi';"],
    ['electron/main.ts', "import x from 'electron';"],
    ['electron/preload.ts', "import x from 'electron';"],
    ['renderer/features/x.ts', "import x from '../../../shared/host/hostApi';"],
    ['renderer/features/x.ts', "import x from 'react';"],
    ['electron/host/agent/x.ts', "import x from '../session/journal';"],
    ['renderer/features/card/x.ts', "import x from '../agents';"],
    ['renderer/features/card/x.ts', "import x from '../agents/index';"],
    ['renderer/features/card/x.ts', "import x from './CardView';"],
    ['renderer/features/card/x.ts', "import x from '../../ui/FrameLink';"],
    ['renderer/ui/x.ts', "import x from '../store/appStore';"],
    ['renderer/App.tsx', "import x from './features/layout';"],
  ])('%s may %s', async (filePath, source) => {
    expect(await importErrors(filePath, source)).toEqual([]);
  });
});

describe('cycles', () => {
  it('are found between runtime imports, and type-only imports are ignored', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sb-cycles-'));
    try {
      mkdirSync(path.join(dir, 'src'));
      writeFileSync(path.join(dir, 'src/a.ts'), "import { b } from './b';\nexport const a = () => b;\n");
      writeFileSync(path.join(dir, 'src/b.ts'), "import {\n  a,\n} from './a';\nexport const b = () => a;\n");
      writeFileSync(path.join(dir, 'src/c.ts'), "import type { D } from './d';\nexport type C = D;\n");
      writeFileSync(path.join(dir, 'src/d.ts'), "import { type C } from './c';\nexport type D = C;\n");
      expect(findImportCycles(['src'], dir)).toEqual([['src/a.ts', 'src/b.ts', 'src/a.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads every import form', () => {
    const source = [
      "import x from './x';",
      "import './side-effect';",
      "export { y } from './y';",
      "const z = import('./z');",
      "import type { T } from './types';",
      "import { type U, type V } from './types2';",
      "import react from 'react';",
    ].join('\n');
    expect(runtimeImports(source)).toEqual(['./x', './y', './side-effect', './z']);
  });

  it('finds none in the project', () => {
    expect(findImportCycles(['shared', 'electron', 'renderer', 'tests', 'scripts'])).toEqual([]);
  });
});
