import fs from 'node:fs';
import path from 'node:path';
import 'reflect-metadata';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  Kind,
  parse,
  separateOperations,
  specifiedRules,
  typeFromAST,
  validate,
  type DocumentNode,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadConfig, serverPackageDir } from '../config.js';
import { fragmentBomb } from '../test/hostile-documents.js';
import { aliasLimit, costReadsVariables, depthLimit, operationCost } from './limits.js';
import { selects } from './selection.js';
import { buildAppSchema } from './schema.js';

const schema = buildSchema(`
  type Node { id: Int, name: String, child: Node, children(first: Int, limit: Int): [Node] }
  type Query { node: Node, version: String, nodes(first: Int): [Node] }
`);

const check = (query: string, rules: ReturnType<typeof depthLimit>[]) => validate(schema, parse(query), [...specifiedRules, ...rules]);

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
    expect(errors[0].message).toBe('Query depth limit of 4 exceeded, found 5.');
    expect(errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('counts levels reached through fragments and inline fragments', () => {
    const query = `
      query { node { ...F } }
      fragment F on Node { child { ... on Node { child { child { id } } } } }`;
    const errors = check(query, [depthLimit(4)]);
    expect(errors.map((e) => e.message)).toEqual(['Query depth limit of 4 exceeded, found 5.']);
    expect(check(query, [depthLimit(5)])).toEqual([]);
  });

  it('does not count introspection fields', () => {
    expect(check('{ __schema { types { fields { type { name } } } } }', [depthLimit(2)])).toEqual([]);
  });

  it('measures a fragment spread twice at each of 23 levels once, and still finds its depth', () => {
    const deep = fragmentBomb(23, 2, { last: 'child { child { id } }', on: 'Node' }).replace('query { ...F0 }', 'query { node { ...F0 } }');
    expect(check(deep, [depthLimit(4)])).toEqual([]);
    expect(check(deep, [depthLimit(3)]).map((e) => e.message)).toEqual(['Query depth limit of 3 exceeded, found 4.']);
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
    expect(errors[0].message).toBe('Aliases limit of 3 exceeded, found 4.');
    expect(errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('counts aliases at every level', () => {
    const errors = check('{ a: node { b: child { c: id } d: name } }', [aliasLimit(3)]);
    expect(errors.map((e) => e.message)).toEqual(['Aliases limit of 3 exceeded, found 4.']);
  });

  it("counts a fragment's aliases at each spread, and aliased __typename too", () => {
    const query = '{ node { ...A } other: node { ...A } } fragment A on Node { a: __typename b: id }';
    expect(check(query, [aliasLimit(5)])).toEqual([]);
    expect(check(query, [aliasLimit(4)]).map((e) => e.message)).toEqual(['Aliases limit of 4 exceeded, found 5.']);
  });

  it('counts the aliases of a fragment spread twice at each of 23 levels without expanding it', () => {
    const errors = check(fragmentBomb(23, 2, { last: 'a: __typename' }), [aliasLimit(30)]);
    expect(errors.map((e) => e.message)).toEqual([`Aliases limit of 30 exceeded, found ${2 ** 23}.`]);
  });
});

describe('cost', () => {
  const cost = (query: string, variables: Record<string, unknown> = {}) => operationCost(schema, parse(query), { variables });

  it('counts every field once, __typename included', () => {
    expect(cost('{ version __typename node { id __typename child { name } } }')).toBe(7);
  });

  it('multiplies the selection of a paged field by its page size, from a literal or a variable', () => {
    expect(cost('{ nodes(first: 50) { id name } }')).toBe(1 + 50 * 2);
    expect(cost('query ($n: Int) { nodes(first: $n) { id name } }', { n: 7 })).toBe(1 + 7 * 2);
    // A variable left unset counts as the largest page, 100.
    expect(cost('query ($n: Int) { nodes(first: $n) { id name } }')).toBe(1 + 100 * 2);
    expect(cost('{ nodes(first: 10) { children(limit: 5) { id } } }')).toBe(1 + 10 * (1 + 5 * 1));
    expect(cost('{ node { children { id } } }')).toBe(3);
  });

  it('counts fragments and inline fragments at each place they are used', () => {
    expect(cost('{ node { ...F ... on Node { id } } other: node { ...F } } fragment F on Node { id name }')).toBe(1 + 3 + 1 + 2);
  });

  it('expands a fragment spread twice at each of 23 levels to its full cost without walking it 2^23 times', () => {
    // graphql-query-complexity gives up past 10,000 visited nodes: a full figure means each fragment was walked once.
    expect(cost(fragmentBomb(23, 2))).toBe(2 ** 23);
    expect(cost(fragmentBomb(200, 3))).toBe(3 ** 200);
  });

  it('refuses variables that do not fit the operation instead of guessing a cost', () => {
    expect(() => cost('query ($n: Int!) { nodes(first: $n) { id } }', { n: 'many' })).toThrow(/Int cannot represent non-integer value: "many"/);
  });

  it('knows which documents cost the same whatever the variables (their cost is computed once)', () => {
    const reads = (query: string) => costReadsVariables(parse(query));
    expect(reads('query ($id: Int) { node { id } nodes(first: 5) { children(limit: 2) { id } } }')).toBe(false);
    expect(reads('query Plan($whatIfPlanId: Int) { plan(whatIfPlanId: $whatIfPlanId) { id } }')).toBe(false);
    expect(reads('query ($n: Int) { nodes(first: $n) { id } }')).toBe(true);
    expect(reads('query ($n: Int) { node { ...F } } fragment F on Node { children(limit: $n) { id } }')).toBe(true);
    expect(reads('query ($all: Boolean!) { node { id children @include(if: $all) { id } } }')).toBe(true);
    expect(reads('query ($none: Boolean!) { node { ... @skip(if: $none) { id } } }')).toBe(true);
  });
});

describe('selects', () => {
  const info = (query: string) => {
    const document = parse(query);
    const operation = document.definitions.find((d) => d.kind === Kind.OPERATION_DEFINITION)!;
    const fragments = Object.fromEntries(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d]] : [])));
    const field = operation.selectionSet.selections[0];
    return { fieldNodes: field.kind === Kind.FIELD ? [field] : [], fragments };
  };

  it('finds a path of fields below the resolved field, through fragments, inline fragments and aliases', () => {
    expect(selects(info('{ node { child { name } } }'), ['child', 'name'])).toBe(true);
    expect(selects(info('{ node { child { id } } }'), ['child', 'name'])).toBe(false);
    expect(selects(info('{ node { id } }'), ['child', 'name'])).toBe(false);
    expect(selects(info('{ node { ...F } } fragment F on Node { c: child { ... on Node { n: name } } }'), ['child', 'name'])).toBe(true);
    expect(selects(info('{ node { child { ...G } } } fragment G on Node { id }'), ['child', 'name'])).toBe(false);
  });
});

describe('the operations the client sends', () => {
  /** The largest page a client screen asks for (the baseline plans admin page). */
  const LARGEST_CLIENT_PAGE = 200;
  const SCALAR_SAMPLES: Record<string, unknown> = { Int: 1, Float: 1, Boolean: true, JSONObject: {}, DateTimeISO: '2026-01-01T00:00:00.000Z' };
  const sample = (type: GraphQLInputType): unknown => {
    if (isNonNullType(type)) return sample(type.ofType);
    if (isListType(type)) return [sample(type.ofType)];
    if (isEnumType(type)) return type.getValues()[0].value;
    if (isInputObjectType(type)) {
      const required = Object.values(type.getFields()).filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
      return Object.fromEntries(required.map((f) => [f.name, sample(f.type)]));
    }
    return SCALAR_SAMPLES[getNamedType(type).name] ?? 'x';
  };
  /** Variables as the client sends them: every required one, and page sizes at the largest page. */
  const variablesFor = (appSchema: GraphQLSchema, document: DocumentNode) => {
    const variables: Record<string, unknown> = {};
    for (const def of document.definitions) {
      if (def.kind !== Kind.OPERATION_DEFINITION) continue;
      for (const v of def.variableDefinitions ?? []) {
        const type = typeFromAST(appSchema, v.type) as GraphQLInputType;
        if (['first', 'last', 'limit', 'pageSize'].includes(v.variable.name.value)) variables[v.variable.name.value] = LARGEST_CLIENT_PAGE;
        else if (isNonNullType(type)) variables[v.variable.name.value] = sample(type);
      }
    }
    return variables;
  };

  it('all pass the depth, alias and cost limits at their default settings', async () => {
    const config = loadConfig();
    // Where codegen reads them (codegen.ts): client/src/pages/<area>/*.graphql and client/src/session/*.graphql.
    const clientSrc = path.join(serverPackageDir(), '..', 'client', 'src');
    const pages = path.join(clientSrc, 'pages');
    const dirs = [
      ...fs
        .readdirSync(pages)
        .map((d) => path.join(pages, d))
        .filter((d) => fs.statSync(d).isDirectory()),
      path.join(clientSrc, 'session'),
    ];
    const files = dirs.flatMap((d) =>
      fs
        .readdirSync(d)
        .filter((f) => f.endsWith('.graphql'))
        .map((f) => path.join(d, f)),
    );
    expect(files.length).toBeGreaterThan(15);
    const operations = separateOperations(parse(files.map((f) => fs.readFileSync(f, 'utf8')).join('\n')));
    expect(Object.keys(operations).length).toBeGreaterThan(50);
    const appSchema = await buildAppSchema();
    for (const [name, document] of Object.entries(operations)) {
      const errors = validate(appSchema, document, [...specifiedRules, depthLimit(config.graphqlMaxDepth), aliasLimit(config.graphqlMaxAliases)]);
      expect(
        errors.map((e) => e.message),
        name,
      ).toEqual([]);
      const cost = operationCost(appSchema, document, { operationName: name, variables: variablesFor(appSchema, document) });
      expect(cost, name).toBeLessThanOrEqual(config.graphqlMaxCost);
    }
  });
});
