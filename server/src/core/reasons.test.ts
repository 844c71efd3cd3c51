/**
 * Every error the server raises is named by a reason code of @planner/shared's REASONS: the error
 * helpers take a ReasonMessage (`because('CODE', params)`), never a text, so the typechecker holds
 * each throw to a real code. What the types cannot see is checked here by walking the server's
 * source: the params given to `because` are the placeholders of the reason's text, and every text a
 * zod schema refuses with is a reason code (parseInput reads the reason from it, never zod's words).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { isReason, REASONS, reasonParamNames } from '@planner/shared';
import { AppError, badInput, because, conflict, forbidden, notFound, unauthenticated } from './errors.js';
import { issueReason, parseInput, z, zodMessage } from './validation.js';

const SRC = fileURLToPath(new URL('..', import.meta.url));
// zod methods whose text argument (or `{ error | message }` option) is the refusal a caller reads.
const ZOD = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'email',
  'int',
  'positive',
  'nonnegative',
  'gte',
  'lte',
  'gt',
  'lt',
  'union',
  'enum',
  'string',
  'number',
  'boolean',
  'array',
  'object',
  'uuid',
  'url',
  'check',
  'date',
  'addIssue',
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === 'test' ? [] : sourceFiles(p);
    return p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
  });
}

interface Found {
  where: string;
  text: string;
}

/** Each `because('CODE', { … })` with the names it fills, and each text literal in a zod refusal. */
function walk(): { becauses: (Found & { names: string[] | null })[]; zodTexts: Found[] } {
  const becauses: (Found & { names: string[] | null })[] = [];
  const zodTexts: Found[] = [];
  for (const file of sourceFiles(SRC)) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const at = (n: ts.Node) => `${relative(SRC, file)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
    const literal = (n: ts.Node | undefined) => (n && (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateExpression(n)) ? n : null);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression.getText(sf).split('.').pop()!;
        const [first, second] = node.arguments;
        if (callee === 'because' && first && ts.isStringLiteral(first)) {
          // null: params given as an expression, not an object literal (not checked here).
          let names: string[] | null = [];
          if (second && ts.isObjectLiteralExpression(second)) {
            names = second.properties.map((p) => (p.name && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) ? p.name.text : '...'));
          } else if (second) names = null;
          becauses.push({ where: at(node), text: first.text, names });
        }
        if (ts.isPropertyAccessExpression(node.expression) && ZOD.has(callee)) {
          for (const a of node.arguments) {
            const text = literal(a);
            if (text) zodTexts.push({ where: at(a), text: text.getText(sf) });
            if (ts.isObjectLiteralExpression(a)) {
              for (const p of a.properties) {
                const value = ts.isPropertyAssignment(p) && ['error', 'message'].includes(p.name.getText(sf)) ? literal(p.initializer) : null;
                if (value) zodTexts.push({ where: at(value), text: value.getText(sf) });
              }
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return { becauses, zodTexts };
}

describe('reason codes', () => {
  const { becauses, zodTexts } = walk();

  it("name a reason of the spec with exactly its text's placeholders wherever the server says why", () => {
    expect(becauses.length).toBeGreaterThan(100);
    const wrong = becauses.flatMap(({ where, text, names }) => {
      if (!isReason(text)) return [`${where}  ${text} is not a reason`];
      if (names === null) return [];
      const expected = reasonParamNames(text).sort();
      return JSON.stringify([...names].sort()) === JSON.stringify(expected)
        ? []
        : [`${where}  ${text} given {${names.join(', ')}}, its text has {${expected.join(', ')}}`];
    });
    expect(wrong).toEqual([]);
  });

  it('are what every zod schema refuses with: no English text in a schema', () => {
    expect(zodTexts.length).toBeGreaterThan(20);
    const english = zodTexts.filter((t) => !/^'[A-Z][A-Z0-9_]*'$/.test(t.text) || !isReason(t.text.slice(1, -1))).map((t) => `${t.where}  ${t.text}`);
    expect(english).toEqual([]);
  });

  it('ride on the errors the helpers make, with the spec text and params', () => {
    expect(conflict(because('TERM_HAS_COURSES'))).toMatchObject({ code: 'CONFLICT', reason: 'TERM_HAS_COURSES', message: 'Cannot delete a term that has courses.' });
    expect(notFound()).toMatchObject({ code: 'NOT_FOUND', reason: 'NOT_FOUND', message: 'Not found.' });
    expect(forbidden()).toMatchObject({ code: 'FORBIDDEN', reason: 'FORBIDDEN', message: REASONS.FORBIDDEN });
    expect(unauthenticated()).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'UNAUTHENTICATED' });
    const page = badInput(because('PAGE_SIZE_RANGE', { max: 50 }));
    expect(page).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Page size must be between 1 and 50.', reason: 'PAGE_SIZE_RANGE', params: { max: '50' } });
    // A reason without placeholders sends no params.
    expect(badInput(because('NUL_CHARACTER')).params).toBeUndefined();
    expect(new AppError('RATE_LIMITED', because('RATE_LIMITED', { name: 'sign-in', when: '5 seconds' }), 5)).toMatchObject({
      message: 'Too many sign-in attempts. Please wait 5 seconds and try again.',
      retryAfterSeconds: 5,
      params: { name: 'sign-in', when: '5 seconds' },
    });
  });

  it("are read from a schema refusal, never from zod's own words", () => {
    const schema = z.object({
      grade: z.string().max(20, 'GRADE_TOO_LONG').optional(),
      note: z
        .string()
        .refine((s) => s.length <= 3, zodMessage(because('NOTE_TOO_LONG', { max: 3 })))
        .optional(),
      count: z.number().optional(),
    });
    const refusal = (input: unknown) => {
      try {
        parseInput(schema, input);
      } catch (e) {
        return e as AppError;
      }
      throw new Error('accepted');
    };
    expect(refusal({ grade: 'x'.repeat(21) })).toMatchObject({ reason: 'GRADE_TOO_LONG', message: 'A grade may have at most 20 characters.' });
    expect(refusal({ note: 'long' })).toMatchObject({ reason: 'NOTE_TOO_LONG', message: 'A note can be at most 3 characters.', params: { max: '3' } });
    // zod's own issue (a wrong type) names the field.
    expect(refusal({ count: 'many' })).toMatchObject({ reason: 'INVALID_INPUT', message: 'Invalid value for count.', params: { field: 'count' } });
    // English, or a word that is not a code, is no reason.
    expect(issueReason('Too small: expected string to have >=1 characters')).toBeNull();
    expect(issueReason('NO_SUCH_REASON')).toBeNull();
    expect(issueReason(zodMessage(because('FIELD_TOO_LONG', { label: 'Title', max: 200 })))).toEqual(because('FIELD_TOO_LONG', { label: 'Title', max: 200 }));
  });
});
