// Reading a fault rule file (PRX-4): good rules come back parsed, and each way a file can be wrong is a sentence
// naming the file.

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  maxFaultRulesFileBytes,
  readFaultRulesFile,
} from '../../../../../electron/host/proxy/faultRulesFile';
import { testTempDir } from '../../../support/tempDir';

describe('reading a fault rule file', () => {
  it('gives the rules of a good file', async () => {
    const file = path.join(testTempDir('faults-'), 'rules.json');
    writeFileSync(file, JSON.stringify({ rules: [{ id: 'hang', action: { kind: 'stall' } }] }));
    const result = await readFaultRulesFile(file);
    expect(result).toEqual({
      ok: true,
      rules: [{ id: 'hang', enabled: true, match: {}, action: { kind: 'stall' } }],
    });
  });

  it('names the file in every refusal', async () => {
    const dir = testTempDir('faults-');
    const bad = path.join(dir, 'bad.json');
    writeFileSync(bad, '[{"action": {"kind": "stall", "ms": 1}}]');
    expect(await readFaultRulesFile(bad)).toEqual({
      ok: false,
      errors: [`${bad}: Rule #1: action.ms is not a field here (known: kind).`],
    });
    const broken = path.join(dir, 'broken.json');
    writeFileSync(broken, '{"rules": [');
    const notJson = await readFaultRulesFile(broken);
    expect(notJson.ok ? [] : notJson.errors[0]).toMatch(`${broken}: Fault rules are not valid JSON: `);
    const missing = path.join(dir, 'missing.json');
    expect(await readFaultRulesFile(missing)).toEqual({
      ok: false,
      errors: [`Cannot read the fault rules in ${missing}: there is no such file.`],
    });
    const folder = path.join(dir, 'folder');
    mkdirSync(folder);
    expect(await readFaultRulesFile(folder)).toEqual({
      ok: false,
      errors: [`Cannot read the fault rules in ${folder}: it is a folder.`],
    });
    const huge = path.join(dir, 'huge.json');
    writeFileSync(huge, ' '.repeat(maxFaultRulesFileBytes + 1));
    expect(await readFaultRulesFile(huge)).toEqual({
      ok: false,
      errors: [
        `Cannot read the fault rules in ${huge}: ${maxFaultRulesFileBytes + 1} bytes is more than the 1 MiB a rule file may have.`,
      ],
    });
  });
});
