import { buildSchema, parse, specifiedRules, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { aliasLimit, depthLimit } from './limits.js';

const schema = buildSchema(`
  type Node { id: Int, name: String, child: Node }
  type Query { node: Node, version: String }
`);

const check = (query: string, rules: ReturnType<typeof depthLimit>[]) =>
  validate(schema, parse(query), [...specifiedRules, ...rules]);

/** `{ node { child { child ... { id } } } }` with `levels` object levels. */
const nested = (levels: number) => `{ node { ${'child { '.repeat(levels - 1)}id${' }'.repeat(levels - 1)} } }`;

describe('depth limit', () => {
  it('lets a query at the limit through', () => {
    // node (1) + 2 children = 3 object levels + the root = depth 4.
    expect(check(nested(3), [depthLimit(4)])).toEqual([]);
  });

  it('refuses a deeper query with a message and BAD_USER_INPUT', () => {
    const errors = check(nested(4), [depthLimit(4)]);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toBe('Query is too deep: 5 levels, at most 4 are allowed.');
    expect(errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('counts levels reached through fragments and inline fragments', () => {
    const query = `
      query { node { ...F } }
      fragment F on Node { child { ... on Node { child { child { id } } } } }`;
    const errors = check(query, [depthLimit(4)]);
    expect(errors.map((e) => e.message)).toEqual(['Query is too deep: 5 levels, at most 4 are allowed.']);
    expect(check(query, [depthLimit(5)])).toEqual([]);
  });

  it('does not count introspection fields', () => {
    expect(check('{ __schema { types { fields { type { name } } } } }', [depthLimit(2)])).toEqual([]);
  });
});

describe('alias limit', () => {
  const aliased = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `a${i}: version`).join(' ')} }`;

  it('lets the allowed number of aliases through', () => {
    expect(check(aliased(3), [aliasLimit(3)])).toEqual([]);
  });

  it('refuses one alias more with a message and BAD_USER_INPUT', () => {
    const errors = check(aliased(4), [aliasLimit(3)]);
    expect(errors).toHaveLength(1);
    expect(errors[0].message).toBe('Too many aliases: 4, at most 3 are allowed.');
    expect(errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('counts aliases at every level', () => {
    const errors = check('{ a: node { b: child { c: id } d: name } }', [aliasLimit(3)]);
    expect(errors.map((e) => e.message)).toEqual(['Too many aliases: 4, at most 3 are allowed.']);
  });
});
