// Every reference in the repository resolves: document paths and their #headings, feature IDs, section signs that
// say whose section they are, and no path out of the repository. The fixture holds one of each kind of mistake, so
// the checker is seen to catch them.

import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { findBrokenReferences, headingSlug, markdownAnchors } from '../../../scripts/checkReferences.mjs';

describe('references', () => {
  it('all resolve in this repository', () => {
    expect(findBrokenReferences(process.cwd())).toEqual([]);
  });

  it('catches each kind of broken reference in a fixture', () => {
    expect(findBrokenReferences(path.resolve('tests/fixtures/references')).sort()).toEqual(
      [
        'docs/guide.md:5: guide.md has no heading #no-such-heading',
        'docs/guide.md:6: missing.md is no file of this repository',
        'docs/guide.md:8: a section sign that does not say whose section it is',
        'src/module.ts:1: CARD-9 is not defined in docs/features.md',
        'src/module.ts:1: docs/guide.md has no heading #gone',
        'src/module.ts:2: ../../outside/NOTES.md is no file of this repository',
        'src/module.ts:2: ../../outside/NOTES.md points outside the repository',
      ].sort(),
    );
  });

  it('makes anchors as GitHub does', () => {
    expect(headingSlug('1.0: one operation set, three bindings')).toBe('10-one-operation-set-three-bindings');
    expect(headingSlug('The `host` contract')).toBe('the-host-contract');
    expect([...markdownAnchors('# A\n## Errors\n```\n# not a heading\n```\n## Errors\n')]).toEqual([
      'a',
      'errors',
      'errors-1',
    ]);
  });
});
