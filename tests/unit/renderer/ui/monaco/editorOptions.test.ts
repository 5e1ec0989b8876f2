// Every Monaco editor in the renderer takes its options from renderer/ui/monaco/editorOptions.ts, and those options
// always turn link detection off: an agent's URLs must not open on ctrl+click.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  diffViewerOptions,
  fieldEditorOptions,
  viewerOptions,
} from '../../../../../renderer/ui/monaco/editorOptions';

const OPTIONS_MODULE = path.resolve('renderer/ui/monaco/editorOptions.ts');

function rendererSources(dir = path.resolve('renderer')): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return rendererSources(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

interface EditorUse {
  file: string;
  tag: string;
  /** The function the `options` attribute calls, when it is a call of a name this file imported. */
  optionsFrom: string | null;
}

/** Each JSX element of a Monaco component in one file, with where its options come from. */
function editorUses(file: string): EditorUse[] {
  const text = readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const monacoComponents = new Set<string>();
  const importedFrom = new Map<string, string>();
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !statement.importClause) continue;
    const spec = (statement.moduleSpecifier as ts.StringLiteral).text;
    const clause = statement.importClause;
    const names = [
      ...(clause.name ? [clause.name.text] : []),
      ...(clause.namedBindings && ts.isNamedImports(clause.namedBindings)
        ? clause.namedBindings.elements.map((element) => element.name.text)
        : []),
    ];
    for (const name of names) {
      if (spec === '@monaco-editor/react' && /Editor$/.test(name)) monacoComponents.add(name);
      const resolved = spec.startsWith('.') ? path.resolve(path.dirname(file), `${spec}.ts`) : spec;
      importedFrom.set(name, resolved);
    }
  }
  const uses: EditorUse[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isJsxSelfClosingElement(node) || ts.isJsxOpeningElement(node)) && ts.isIdentifier(node.tagName)) {
      const tag = node.tagName.text;
      if (monacoComponents.has(tag)) {
        const options = node.attributes.properties.find(
          (attribute): attribute is ts.JsxAttribute =>
            ts.isJsxAttribute(attribute) && attribute.name.getText(source) === 'options',
        );
        const expression =
          options?.initializer && ts.isJsxExpression(options.initializer)
            ? options.initializer.expression
            : undefined;
        const callee =
          expression && ts.isCallExpression(expression) && ts.isIdentifier(expression.expression)
            ? expression.expression.text
            : null;
        uses.push({
          file: path.relative(process.cwd(), file),
          tag,
          optionsFrom: callee ? (importedFrom.get(callee) ?? null) : null,
        });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return uses;
}

describe('Monaco editor options', () => {
  const uses = rendererSources().flatMap(editorUses);

  it('finds the editors the renderer has', () => {
    expect(uses.map((use) => `${use.file} ${use.tag}`).sort()).toEqual([
      'renderer/features/composer/MonacoJsonEditor.tsx Editor',
      'renderer/ui/monaco/CardDiffEditor.tsx DiffEditor',
      'renderer/ui/monaco/CardEditor.tsx Editor',
      'renderer/ui/monaco/MonacoBody.tsx Editor',
    ]);
  });

  it('creates every editor with options from the one module', () => {
    for (const use of uses) expect(use, use.file).toMatchObject({ optionsFrom: OPTIONS_MODULE });
  });

  it('creates no editor through the Monaco API directly', () => {
    const direct = rendererSources().filter((file) =>
      /\beditor\.create(DiffEditor)?\(/.test(readFileSync(file, 'utf8')),
    );
    expect(direct).toEqual([]);
  });

  it('turns links off in every kind of editor, whatever a caller adds', () => {
    expect(viewerOptions()).toMatchObject({ links: false, readOnly: true });
    expect(diffViewerOptions()).toMatchObject({ links: false, readOnly: true });
    expect(fieldEditorOptions('Data part')).toMatchObject({ links: false, ariaLabel: 'Data part' });
    expect(viewerOptions({ links: true }).links).toBe(false);
    expect(diffViewerOptions({ links: true }).links).toBe(false);
    expect(fieldEditorOptions('x', { links: true }).links).toBe(false);
  });
});
