// Finds references in the repository that a reader cannot follow: a document path that names no file of the
// repository, a `#heading` that the document does not have, a relative path that leaves the repository, a feature ID
// that docs/features.md does not define, and a section sign that does not say whose section it is. Comments and
// documents cite this repository's docs or a public specification, so each of those is a mistake.
// `node scripts/checkReferences.mjs` lists them; tests/unit/docs/references.test.ts fails on any.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** Text files whose references are checked, by ending or name. */
const CHECKED = /\.(ts|tsx|mts|mjs|js|cjs|md|yml|yaml|css|html)$|^\.ci\/run$/;
/** Data copied from elsewhere, checked only for the README we wrote beside it. */
const SKIPPED = [/^vendor\/(?!.*README\.md$)/, /^tests\/fixtures\//, /^package-lock\.json$/];
/**
 * Files that name the project's old internal documents on purpose: findings in session files saved before findings
 * cited the public specification carry labels that named internal notes by file and section, which these map to
 * public links or assert never reach the user.
 */
export const LEGACY_LABEL_FILES = [
  'shared/checks/citation.ts',
  'tests/unit/shared/checks/citation.test.ts',
  'tests/unit/docs/noInternalCitations.test.ts',
  'tests/e2e/checks.spec.ts',
  'tests/unit/electron/cli/output.test.ts',
];

const DOC_PATH = /(?<![\w/.@-])((?:\.\.?\/)*(?:[\w.-]+\/)*[\w.-]+\.md)(#[\w-]+)?/g;
/** A Markdown link's target: `[text](target)`, where the target is a path of this repository (not a URL). */
const MARKDOWN_LINK = /\]\((?![a-z][a-z0-9+.-]*:|#)([^)\s#]+)(?:#[^)\s]*)?\)/gi;
/** A path from the repository's root named in prose: `shared/wire/sse.ts`, `tests/peers/README.md`. */
const ROOT_PATH =
  /(?<![\w/.@-])((?:shared|electron|renderer|tests|scripts|bench|docs|vendor|types|security)\/[\w./-]+\.(?:ts|tsx|mjs|mts|js|json|md|css|yaml|yml|proto))(?![\w/*-])/g;
const PARENT_PATH = /(?<![\w/.@-])((?:\.\.\/)+[\w@.-]+(?:\/[\w@.-]+)*)/g;
const FEATURE_ID =
  /(?<![\w-])((?:CARD|AUTH|MSG|WIRE|TL|TASK|PUSH|FRM|SES|CHK|CLI|UX|SEC|REQ|NET|EXT|PRX)-[1-9]\d?)(?![\w-])/g;
/**
 * What may name the document a section sign belongs to, earlier in the same comment or paragraph: a public
 * specification (A2A, ACTS, an RFC, JSON-RPC, WHATWG's HTML, W3C …) or a generation, as in "1.0 §3.6".
 */
const SECTION_OWNER = /A2A|ACTS|RFC\s?\d+|JSON-RPC|WHATWG|W3C|HTML|ECMA|HAR|OpenAPI|OAuth|\b[01]\.\d\b/;

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(heading) {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[`*_[\]()]/g, (ch) => (ch === '_' ? '_' : ''))
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** Every anchor a Markdown text offers, with GitHub's -1, -2 … for repeated headings. */
export function markdownAnchors(text) {
  const seen = new Map();
  const anchors = new Set();
  let fenced = false;
  for (const line of text.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!heading) continue;
    const slug = headingSlug(heading[1]);
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

/** The feature IDs docs/features.md defines: the first cell of each table row. */
export function definedFeatureIds(root) {
  const file = path.join(root, 'docs', 'features.md');
  if (!existsSync(file)) return new Set();
  return new Set([...readFileSync(file, 'utf8').matchAll(/^\| ([A-Z]+-\d+) \|/gm)].map((match) => match[1]));
}

function listFiles(root) {
  try {
    return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
      cwd: root,
      encoding: 'utf8',
    })
      .split('\n')
      .filter(Boolean)
      .filter((file) => existsSync(path.join(root, file)));
  } catch {
    const walk = (dir) =>
      readdirSync(path.join(root, dir)).flatMap((name) => {
        const relative = dir ? `${dir}/${name}` : name;
        return statSync(path.join(root, relative)).isDirectory() ? walk(relative) : [relative];
      });
    return walk('');
  }
}

function isInside(root, target) {
  const relative = path.relative(root, target);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

/**
 * The part of a code line a reader reads as prose: a whole comment line, or what follows ` // `. Paths in code
 * strings (lint globs, build roots) are relative to something other than the file, so only comments are checked.
 */
function commentText(line) {
  if (/^\s*(\/\/|\/?\*)/.test(line)) return line;
  const trailing = line.indexOf(' // ');
  return trailing >= 0 ? line.slice(trailing) : '';
}

/** Every reference in the repository at `root` that does not resolve, as `file:line: what is wrong`. */
export function findBrokenReferences(root) {
  const files = listFiles(root).filter(
    (file) => CHECKED.test(file) && !SKIPPED.some((pattern) => pattern.test(file)),
  );
  const features = definedFeatureIds(root);
  const anchorsOf = new Map();
  const anchors = (file) => {
    if (!anchorsOf.has(file)) anchorsOf.set(file, markdownAnchors(readFileSync(file, 'utf8')));
    return anchorsOf.get(file);
  };
  const problems = [];
  for (const file of files) {
    const legacy = LEGACY_LABEL_FILES.includes(file);
    const markdown = file.endsWith('.md');
    const lines = readFileSync(path.join(root, file), 'utf8').split('\n');
    // The comment or paragraph read so far: a section sign's document may be named a line or two before it.
    let block = '';
    lines.forEach((line, index) => {
      const at = `${file}:${index + 1}`;
      const prose = markdown ? line : commentText(line);
      block = prose.trim() ? `${block}\n${prose}` : '';
      for (const [, target, anchor] of prose.matchAll(DOC_PATH)) {
        const candidates = [path.resolve(root, path.dirname(file), target), path.resolve(root, target)];
        const found = candidates.find((candidate) => isInside(root, candidate) && existsSync(candidate));
        if (!found) {
          if (!legacy) problems.push(`${at}: ${target} is no file of this repository`);
        } else if (anchor && !anchors(found).has(anchor.slice(1))) {
          problems.push(`${at}: ${target} has no heading ${anchor}`);
        }
      }
      if (markdown) {
        for (const [, target] of line.matchAll(MARKDOWN_LINK)) {
          if (target.endsWith('.md')) continue;
          const found = path.resolve(root, path.dirname(file), decodeURI(target));
          if (!isInside(root, found) || !existsSync(found))
            problems.push(`${at}: ${target} is no file of this repository`);
        }
      }
      for (const [, target] of prose.matchAll(ROOT_PATH)) {
        if (!existsSync(path.resolve(root, target)))
          problems.push(`${at}: ${target} is no file of this repository`);
      }
      for (const [, target] of prose.matchAll(PARENT_PATH)) {
        if (!isInside(root, path.resolve(root, path.dirname(file), target))) {
          problems.push(`${at}: ${target} points outside the repository`);
        }
      }
      for (const [, id] of prose.matchAll(FEATURE_ID)) {
        if (!features.has(id)) problems.push(`${at}: ${id} is not defined in docs/features.md`);
      }
      if (!legacy) {
        const lineStart = block.length - prose.length;
        for (const match of prose.matchAll(/§/g)) {
          if (!SECTION_OWNER.test(block.slice(0, lineStart + match.index))) {
            problems.push(`${at}: a section sign that does not say whose section it is`);
          }
        }
      }
    });
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = findBrokenReferences(process.cwd());
  for (const problem of problems) console.log(problem);
  console.log(`${problems.length} broken reference${problems.length === 1 ? '' : 's'}`);
  process.exitCode = problems.length ? 1 : 0;
}
