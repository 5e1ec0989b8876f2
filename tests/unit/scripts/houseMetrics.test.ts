// The numbers scripts/houseMetrics.mjs reports, and the ones the layout promises to keep at zero: no generation
// string compared outside shared/a2a/ (docs/architecture.md#the-protocol-model), no renderer layer importing a feature
// and no feature reached past its index.ts (docs/architecture.md#import-rules), no function longer than 120 lines.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  generationComparisons,
  layerCounts,
  longFunctions,
  measureHouse,
  rendererPlace,
} from '../../../scripts/houseMetrics.mjs';

describe('house metrics', () => {
  const house = measureHouse(process.cwd());

  it('finds no generation comparison outside shared/a2a/', () => {
    expect(house.generationComparisons).toEqual([]);
  });

  it('finds no function over 120 lines, so each can be read in one go', () => {
    expect(house.functionsOver120).toEqual([]);
  });

  it('finds no renderer import pointing back up, and none past an index.ts', () => {
    expect(house.backUpArrows).toEqual([]);
    expect(house.deepImports).toEqual([]);
  });

  it('places renderer files in their layer', () => {
    expect(rendererPlace('renderer/features/card/CardView.tsx')).toBe('features/card');
    expect(rendererPlace('renderer/ui/monaco/CardEditor.tsx')).toBe('ui');
    expect(rendererPlace('renderer/App.tsx')).toBe('.');
    expect(rendererPlace('shared/a2a/model.ts')).toBeNull();
  });

  it('tells feature arrows from arrows back up', () => {
    const arrows = new Map([
      ['features/card -> features/agents', ['a']],
      ['store -> features/sessions', ['b']],
      ['features/card -> ui', ['c']],
    ]);
    expect(layerCounts(arrows)).toEqual({
      betweenFeatures: ['features/card -> features/agents'],
      backUp: ['store -> features/sessions'],
    });
  });

  it('measures functions by their lines, nested ones apart', () => {
    const body = Array.from({ length: 130 }, (_, i) => `  const v${i} = ${i};`).join('\n');
    const text = `export function outer() {\n${body}\n  const inner = () => 1;\n  return inner;\n}\n`;
    expect(longFunctions('x.ts', text, 120)).toEqual([{ name: 'outer', line: 1, lines: 134 }]);
  });

  it('counts each comparison with a generation string, and none inside shared/a2a/', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sb-house-'));
    try {
      mkdirSync(path.join(dir, 'shared', 'checks'), { recursive: true });
      mkdirSync(path.join(dir, 'shared', 'a2a'), { recursive: true });
      writeFileSync(
        path.join(dir, 'shared', 'checks', 'x.ts'),
        "if (g === '1.0' || g !== \"0.3\") run();\nswitch (g) {\n  case '0.1':\n}\nconst v = '1.0';\n" +
          "if (version.startsWith('0.')) old();\n",
      );
      writeFileSync(path.join(dir, 'shared', 'a2a', 'y.ts'), "if (g === '1.0') run();\n");
      expect(generationComparisons(dir)).toEqual([
        'shared/checks/x.ts:1',
        'shared/checks/x.ts:1',
        'shared/checks/x.ts:3',
        'shared/checks/x.ts:6',
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
