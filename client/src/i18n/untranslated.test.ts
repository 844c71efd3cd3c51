// @vitest-environment node
/**
 * No string left untranslated (issue 12): scans client/src/**\/*.tsx for text a person would read
 * that does not go through the translation function — JSX text, visible string props (title,
 * aria-label, placeholder, alt, label, caption), and string or template literals rendered directly
 * in JSX. A small allowlist covers brand names and texts that are the same in every language.
 * Legal pages: only their headings are translated (their body is the governing English text, with a
 * note saying so), so only their headings are scanned.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const VISIBLE_ATTRS = new Set(['title', 'aria-label', 'placeholder', 'alt', 'label', 'caption', 'aria-description', 'aria-valuetext', 'aria-roledescription']);
/** Texts that read the same in English and Spanish. */
export const ALLOWED = new Set(['Pathway Planner', 'English', 'Español', 'CCCApply', 'OpenCCC', 'Stripe', 'Email', 'PDF', 'CSV', 'GPA', 'ID', 'OK', 'URL', 'AP', 'IB']);

const words = (s: string) => /[A-Za-z]{2}/.test(s);

function cook(text: string): string {
  const lines = text.split(/\r\n|\n|\r/);
  let last = 0;
  lines.forEach((l, i) => {
    if (/[^ \t]/.test(l)) last = i;
  });
  let str = '';
  lines.forEach((line, i) => {
    let t = line.replace(/\t/g, ' ');
    if (i !== 0) t = t.replace(/^[ ]+/, '');
    if (i !== lines.length - 1) t = t.replace(/[ ]+$/, '');
    if (t) str += i !== last ? `${t} ` : t;
  });
  return str.trim();
}

function listTsx(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return listTsx(p);
    return e.name.endsWith('.tsx') && !e.name.endsWith('.test.tsx') ? [p] : [];
  });
}

/** Where `node` is rendered: walks up through ?:, ||, ??, && and parentheses to a JSX container. */
function renderedIn(node: ts.Node): ts.JsxExpression | null {
  let child: ts.Node = node;
  let p = node.parent;
  while (p && !ts.isJsxExpression(p)) {
    const ok =
      ts.isParenthesizedExpression(p) ||
      (ts.isConditionalExpression(p) && child !== p.condition) ||
      (ts.isBinaryExpression(p) && ['||', '??', '&&'].includes(p.operatorToken.getText()) && child === p.right);
    if (!ok) return null;
    child = p;
    p = p.parent;
  }
  return p ?? null;
}

export function untranslated(file: string, source = fs.readFileSync(file, 'utf8')): string[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const legal = file.split(path.sep).includes('legal');
  const found: string[] = [];
  const where = (n: ts.Node) => `${path.relative(SRC, file)}:${sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  const inHeading = (n: ts.Node) => {
    for (let p = n.parent; p; p = p.parent) if (ts.isJsxElement(p) && /^h[1-6]$/.test(p.openingElement.tagName.getText(sf))) return true;
    return false;
  };
  const flag = (n: ts.Node, text: string) => {
    if (!words(text) || ALLOWED.has(text.trim())) return;
    if (legal && !inHeading(n)) return;
    found.push(`${where(n)} ${JSON.stringify(text)}`);
  };
  const visit = (n: ts.Node) => {
    if (ts.isJsxText(n)) flag(n, cook(n.text));
    if (ts.isJsxAttribute(n) && n.initializer && ts.isStringLiteral(n.initializer) && VISIBLE_ATTRS.has(n.name.getText(sf))) flag(n, n.initializer.text);
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n)) {
      const container = renderedIn(n);
      const holder = container?.parent;
      const shown = holder && (ts.isJsxElement(holder) || ts.isJsxFragment(holder) || (ts.isJsxAttribute(holder) && VISIBLE_ATTRS.has(holder.name.getText(sf))));
      if (shown) {
        const text = ts.isTemplateExpression(n) ? [n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join('') : n.text;
        flag(n, text);
      }
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return found;
}

describe('every visible text goes through t()', () => {
  it('finds an untranslated text, a prop and a rendered literal (the scanner works)', () => {
    const sample = `export function X({ ok }: { ok: boolean }) {
      return <div title="Hello there"><p>Plain words</p>{ok ? 'Yes indeed' : t('k')}<span>{\`\${1} items\`}</span><b className="not-shown">{t('a')}</b></div>;
    }`;
    const found = untranslated(path.join(SRC, 'pages', 'x', 'X.tsx'), sample).map((f) => f.replace(/^\S+ /, ''));
    expect(found).toEqual(['"Hello there"', '"Plain words"', '"Yes indeed"', '" items"']);
  });

  it('client/src/**/*.tsx has no text outside the catalogues', () => {
    const found = listTsx(SRC).flatMap((f) => untranslated(f));
    expect(found).toEqual([]);
  });
});
