/**
 * Every error the server can raise carries a reason code of @planner/shared's REASONS, so the
 * client can translate it without reading the English. Walks the server's source: the message
 * constants (`*_MESSAGES`, `*_MESSAGE`, `*_NOT_FOUND`), every text handed to an error helper
 * (badInput, notFound, forbidden, conflict, unauthenticated, deny, AppError, CsvFileError) and
 * every text a zod schema refuses with; each must resolve to a reason. (Most name their text as
 * REASONS.<CODE>, which the typechecker holds to a real code; the walk checks the written ones.)
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REASON_CODES, REASONS, reasonParamNames, reasonText } from '@planner/shared';
import { AppError, badInput, because, conflict, forbidden, notFound, reasonOf } from './errors.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));
const HELPERS = new Set(['badInput', 'notFound', 'forbidden', 'conflict', 'unauthenticated', 'deny', 'CsvFileError', 'AppError']);
// zod methods whose text argument (or `{ error | message }` option) is the refusal a caller reads.
const ZOD = new Set(['min', 'max', 'length', 'regex', 'refine', 'email', 'int', 'positive', 'nonnegative', 'gte', 'lte', 'gt', 'lt', 'union', 'enum', 'string', 'number', 'boolean', 'array', 'object', 'uuid', 'url', 'check']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === 'test' ? [] : sourceFiles(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

/** The text a literal, template or arrow function renders, with each `${…}` as a sample value; null for other expressions. */
function rendered(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => `7${s.literal.text}`).join('');
  if (ts.isArrowFunction(node) && !ts.isBlock(node.body)) return rendered(node.body);
  if (ts.isParenthesizedExpression(node)) return rendered(node.expression);
  return null;
}

interface Found { where: string; text: string }

function errorTexts(): Found[] {
  const found: Found[] = [];
  for (const file of sourceFiles(SRC)) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const at = (n: ts.Node) => `${relative(SRC, file)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    const add = (n: ts.Node | undefined) => {
      const text = n && rendered(n);
      if (text !== null && text !== undefined) found.push({ where: at(n!), text });
    };
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /(_MESSAGES?|_NOT_FOUND)$/.test(node.name.text) && node.initializer) {
        let init: ts.Expression = node.initializer;
        while (ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
        if (ts.isObjectLiteralExpression(init)) for (const p of init.properties) { if (ts.isPropertyAssignment(p)) add(p.initializer); }
        else if (!ts.isRegularExpressionLiteral(init)) add(init);
      }
      if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.arguments) {
        const callee = node.expression.getText(sf).split('.').pop()!;
        if (HELPERS.has(callee)) add(callee === 'AppError' ? node.arguments[1] : node.arguments[0]);
        if (ts.isPropertyAccessExpression(node.expression) && ZOD.has(callee)) {
          for (const a of node.arguments) {
            if (ts.isStringLiteral(a) || ts.isNoSubstitutionTemplateLiteral(a) || ts.isTemplateExpression(a)) add(a);
            if (ts.isObjectLiteralExpression(a)) for (const p of a.properties) if (ts.isPropertyAssignment(p) && ['error', 'message'].includes(p.name.getText(sf))) add(p.initializer);
          }
        }
        if (callee === 'parseInput') add(node.arguments[2]);
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return found;
}

describe('reason codes', () => {
  it('cover every error text of the server: no English without a reason', () => {
    const texts = errorTexts();
    // The fixed texts are REASONS.<CODE> themselves; what is left here is the parameterised ones and a few composed ones.
    expect(texts.length).toBeGreaterThan(40);
    const missing = texts.filter((t) => reasonOf(t.text) === null).map((t) => `${t.where}  ${t.text}`);
    expect(missing).toEqual([]);
  });

  it('each name one text, found again from that text with its params', () => {
    for (const reason of REASON_CODES) {
      const params = Object.fromEntries(reasonParamNames(reason).map((n, i) => [n, `v${i}`]));
      expect(reasonOf(reasonText(reason, params)), reason).toEqual({ reason, ...(Object.keys(params).length ? { params } : {}) });
    }
  });

  it('ride on the errors the helpers make, with the spec text and params', () => {
    expect(conflict('Cannot delete a term that has courses.')).toMatchObject({ code: 'CONFLICT', reason: 'TERM_HAS_COURSES', message: REASONS.TERM_HAS_COURSES });
    expect(notFound()).toMatchObject({ reason: 'NOT_FOUND', message: 'Not found.' });
    expect(forbidden()).toMatchObject({ reason: 'FORBIDDEN' });
    const page = badInput('Page size must be between 1 and 100.');
    expect(page).toMatchObject({ reason: 'PAGE_SIZE_RANGE', params: { max: '100' } });
    expect(badInput(because('PAGE_SIZE_RANGE', { max: 50 }))).toMatchObject({ message: 'Page size must be between 1 and 50.', reason: 'PAGE_SIZE_RANGE', params: { max: '50' } });
    // A text outside the spec's list keeps its words and has no reason (the test above keeps the server free of them).
    expect(new AppError('BAD_USER_INPUT', 'Something unlisted.')).toMatchObject({ reason: null, message: 'Something unlisted.' });
  });
});
