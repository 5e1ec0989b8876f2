// Every action a mouse can do must be doable from the keyboard (UX-3). This reads every renderer/**/*.tsx with the
// TypeScript parser and fails on an element that takes a click, double-click or mouse-down but is not natively
// interactive (a button, a link, a form control) and lacks what the keyboard needs: a role, a tabIndex and an
// onKeyDown. An item of a composite widget (an option of a listbox, a row of a grid) may leave its keys to the
// container, as the ARIA pattern with aria-activedescendant does, when the same file has that container with a
// tabIndex and an onKeyDown.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const MOUSE_HANDLERS = ['onClick', 'onDoubleClick', 'onMouseDown'];
/** Elements the browser already focuses and activates with Enter or Space. */
const NATIVE = new Set(['button', 'a', 'input', 'select', 'textarea', 'summary', 'option']);
/** Composite widgets whose container keeps focus and moves an active item with the arrow keys. */
const COMPOSITE_ITEMS: Record<string, string[]> = {
  option: ['listbox'],
  row: ['grid', 'treegrid'],
  gridcell: ['grid', 'treegrid'],
  treeitem: ['tree'],
};

type Opening = ts.JsxOpeningElement | ts.JsxSelfClosingElement;

interface Element {
  tag: string;
  attributes: Map<string, ts.JsxAttribute>;
  line: number;
  text: string;
}

function tsxFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) return tsxFiles(full);
      return name.endsWith('.tsx') ? [full] : [];
    });
}

/** Every JSX element of a source text, with its attributes by name. */
function elementsOf(name: string, text: string): Element[] {
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Element[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isJsxOpeningElement(node) || ts.isJsxSelfClosingElement(node)) found.push(element(source, node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function element(source: ts.SourceFile, node: Opening): Element {
  const attributes = new Map<string, ts.JsxAttribute>();
  for (const attribute of node.attributes.properties) {
    if (ts.isJsxAttribute(attribute)) attributes.set(attribute.name.getText(source), attribute);
  }
  return {
    tag: node.tagName.getText(source),
    attributes,
    line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
    text: node.getText(source).replace(/\s+/g, ' ').slice(0, 100),
  };
}

/** The role an attribute states as a string literal, if any. */
function roleOf(el: Element): string | undefined {
  const init = el.attributes.get('role')?.initializer;
  return init && ts.isStringLiteral(init) ? init.text : undefined;
}

const keyboardReady = (el: Element) =>
  el.attributes.has('role') && el.attributes.has('tabIndex') && el.attributes.has('onKeyDown');

/** The elements of one file a mouse can act on and the keyboard cannot, as `file:line: <tag …>`. */
function unreachable(name: string, text: string): string[] {
  const elements = elementsOf(name, text);
  const containers = new Set(
    elements.filter(keyboardReady).flatMap((el) => {
      const role = roleOf(el);
      return role ? [role] : [];
    }),
  );
  return elements
    .filter((el) => /^[a-z]/.test(el.tag) && !NATIVE.has(el.tag))
    .filter((el) => MOUSE_HANDLERS.some((handler) => el.attributes.has(handler)))
    .filter((el) => {
      if (keyboardReady(el)) return false;
      const parents = COMPOSITE_ITEMS[roleOf(el) ?? ''];
      return !parents?.some((role) => containers.has(role));
    })
    .map((el) => `${name}:${el.line}: ${el.text}`);
}

describe('keyboard reach of the renderer', () => {
  const files = tsxFiles('renderer');

  it('reads the renderer', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('has no mouse-only element: each clickable one is native, or has role, tabIndex and onKeyDown', () => {
    const found = files.flatMap((file) => unreachable(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });

  it('finds a clickable div or span, and accepts buttons and complete custom controls', () => {
    const text = `export const A = () => (
      <>
        <div onClick={go}>one</div>
        <span onMouseDown={go} role="button">two</span>
        <li onDoubleClick={go} tabIndex={0}>three</li>
        <button onClick={go}>ok</button>
        <a href="#x" onClick={go}>ok</a>
        <div role="button" tabIndex={0} onKeyDown={key} onClick={go}>ok</div>
        <Row onClick={go} />
      </>
    );`;
    expect(unreachable('x.tsx', text).map((line) => line.split(': ')[0])).toEqual([
      'x.tsx:3',
      'x.tsx:4',
      'x.tsx:5',
    ]);
  });

  it('lets an option or a row leave its keys to a listbox or grid that has them, and no other container', () => {
    const withListbox = `const L = () => (
      <ul role="listbox" tabIndex={0} onKeyDown={key}>
        <li role="option" onClick={go}>a</li>
      </ul>
    );`;
    const withoutKeys = `const L = () => (
      <ul role="listbox">
        <li role="option" onClick={go}>a</li>
        <div role="row" onClick={go}>b</div>
      </ul>
    );`;
    expect(unreachable('l.tsx', withListbox)).toEqual([]);
    expect(unreachable('l.tsx', withoutKeys)).toHaveLength(2);
  });
});
