/**
 * The compiled execution (executor.ts): its cache stays within its bounds whatever documents
 * callers send, large operations run on graphql-js, and every limit still refuses a document the
 * server has already parsed, validated and compiled.
 */
import 'reflect-metadata';
import { createHash } from 'node:crypto';
import type { GatewayGraphQLRequestContext } from '@apollo/server-gateway-interface';
import { getOperationAST, parse, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { fragmentBomb } from '../test/hostile-documents.js';
import { useHarness } from '../test/harness.js';
import { expandedFieldCount, jitExecutor, MAX_COMPILED_FIELDS } from './executor.js';
import { buildAppSchema } from './schema.js';

describe('the compiled operations cache', () => {
  let schema: GraphQLSchema;
  beforeAll(async () => {
    schema = await buildAppSchema();
  });

  /** Runs `query` as Apollo hands it over: parsed, its operation resolved, its text's hash. */
  const run = (executor: ReturnType<typeof jitExecutor>['executor'], query: string, variables: Record<string, unknown> = {}) => {
    const document = parse(query);
    const operation = getOperationAST(document) ?? undefined;
    const context = {
      document,
      operation,
      operationName: operation?.name?.value ?? null,
      queryHash: createHash('sha256').update(query).digest('hex'),
      request: { query, variables },
      context: {},
    } as unknown as GatewayGraphQLRequestContext;
    return executor(context);
  };

  it('answers each of many distinct documents and keeps no more than its bound of operations', async () => {
    const { executor, cached } = jitExecutor(schema, { operations: 20, fields: 10_000 });
    for (let i = 0; i < 300; i++) {
      const result = await run(executor, `query Q${i} { a${i}: __typename b: __typename }`);
      expect(result).toEqual({ data: { [`a${i}`]: 'Query', b: 'Query' } });
      expect(cached().operations).toBeLessThanOrEqual(20);
    }
    expect(cached().operations).toBe(20);
  });

  it('keeps no more than its bound of fields in all', async () => {
    const { executor, cached } = jitExecutor(schema, { operations: 1_000, fields: 100 });
    // 30 fields each: at most 3 such operations fit.
    const fields = (i: number) => Array.from({ length: 30 }, (_, j) => `f${j}: __typename`).join(' ') + `\n# ${i}\n`;
    for (let i = 0; i < 200; i++) await run(executor, `{ ${fields(i)} }`);
    expect(cached()).toEqual({ operations: 3, fields: 90 });
  });

  it('runs an operation larger than MAX_COMPILED_FIELDS on graphql-js, with the same answer, and keeps no compiled code for it', async () => {
    const { executor, cached } = jitExecutor(schema);
    // 2^10 = 1,024 fields once the fragments are expanded, one in the answer.
    const result = await run(executor, fragmentBomb(10, 2));
    expect(result).toEqual({ data: { __typename: 'Query' } });
    expect(cached()).toEqual({ operations: 1, fields: 1 });
    await run(executor, '{ a: __typename b: __typename }');
    expect(cached()).toEqual({ operations: 2, fields: 3 });
  });

  it('counts fields with fragments expanded, and stops counting past its maximum', () => {
    const count = (query: string, max = MAX_COMPILED_FIELDS) => {
      const document = parse(query);
      return expandedFieldCount(document, getOperationAST(document)!.selectionSet, max);
    };
    expect(count('{ a: __typename ...F ... on Query { b: __typename } } fragment F on Query { c: __typename d: __typename }')).toBe(4);
    expect(count(fragmentBomb(9, 2), 1_000)).toBe(512);
    // 2^40 once expanded: the count stops just past the maximum at once.
    expect(count(fragmentBomb(40, 2), 100)).toBe(101);
  });
});

describe('limits on documents the server already knows', () => {
  const h = useHarness();

  it('refuses a too expensive page size of a document it has already answered and compiled', async () => {
    const api = await h.appWith({ graphqlMaxCost: 50 });
    const token = await h.tokenFor(await h.buildStaff());
    const query = 'query Students($n: Int) { students(first: $n) { nodes { id email } } }';
    const send = (variables: Record<string, unknown>) => api.post('/graphql').set(h.auth(token)).send({ query, variables });
    for (let i = 0; i < 3; i++) {
      const small = await send({ n: 10 });
      expect(small.status).toBe(200);
      expect(small.body.errors).toBeUndefined();
      expect(small.body.data.students.nodes).toEqual(expect.any(Array));
      const big = await send({ n: 100 });
      expect(big.status).toBe(400);
      expect(big.body.errors[0].message).toBe('Query is too expensive: it costs 301, at most 50 is allowed. Ask for fewer rows or fields.');
      expect(big.body.data).toBeUndefined();
    }
  });

  it('refuses the same too expensive or too deep document every time it is sent', async () => {
    const api = await h.appWith({ graphqlMaxCost: 50, graphqlMaxDepth: 3 });
    const token = await h.tokenFor(await h.buildStaff());
    for (let i = 0; i < 3; i++) {
      const costly = await api.post('/graphql').set(h.auth(token)).send({ query: '{ students(first: 100) { nodes { id email } } }' });
      expect(costly.status).toBe(400);
      expect(costly.body.errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
      const deep = await api.post('/graphql').set(h.auth(token)).send({ query: '{ students(first: 1) { nodes { school { name } } } }' });
      expect(deep.status).toBe(400);
      expect(deep.body.errors[0]).toMatchObject({ message: 'Query depth limit of 3 exceeded, found 4.', extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } });
    }
  });

  it('answers variables that do not fit a compiled operation with a 400 naming the variable', async () => {
    const token = await h.tokenFor(await h.buildStaff());
    const query = 'query Students($n: Int) { students(first: $n) { totalCount } }';
    const ok = await h.api
      .post('/graphql')
      .set(h.auth(token))
      .send({ query, variables: { n: 5 } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.students.totalCount).toEqual(expect.any(Number));
    const bad = await h.api
      .post('/graphql')
      .set(h.auth(token))
      .send({ query, variables: { n: 'many' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({
      message: 'Variable "$n" got invalid value "many"; Int cannot represent non-integer value: "many"',
      extensions: { code: 'BAD_USER_INPUT' },
    });
  });
});
