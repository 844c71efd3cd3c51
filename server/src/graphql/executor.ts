/**
 * Executes GraphQL operations with graphql-jit: an operation is compiled once into JavaScript that
 * resolves its fields, and later requests with the same text run that function. graphql-js walks
 * the document's selections again for every object of every answer (collecting fields, reading
 * arguments, checking each value's type): for the plan page's `Plan` query, about 700 fields per
 * answer, that was most of the CPU GraphQL spent beyond `GET /api/plan/` (bench/README.md, "GraphQL
 * against REST").
 *
 * Apollo Server takes another executor only through its `gateway` option (the replacement of its
 * former `executor` option); everything before execution stays Apollo's: parsing and validation
 * with its document cache, the limits (graphql/limits.ts: a refused operation never gets here, and
 * the cost is checked on every request, cached document or not), the signed-out checks and the
 * plugins; every error still goes through formatError.
 *
 * What runs on graphql-js instead, so that those answers stay exactly graphql-js's:
 * - a request whose variables do not fit the operation (graphql-jit reports those without the
 *   variable's node, so Apollo would not know them as the caller's mistake: a 500, not a 400);
 * - an operation graphql-jit cannot compile, or none of that name;
 * - an operation of more than MAX_COMPILED_FIELDS fields once its fragments are expanded. The
 *   client's largest has 42. Compiling costs about 0.09 ms and keeps about 1.4 KB per field (a
 *   907-field operation: 81 ms, 1.3 MB), far more than executing a document once, so a large
 *   document sent by a caller is not worth compiling and must not make the server spend that.
 *
 * Compiled operations are kept in an LRU keyed by the document text's hash and the operation name,
 * bounded both in entries and in fields (COMPILED_FIELDS in all, about 30 MB at most). A compiled
 * operation is far larger than its text, so Apollo's document cache (bounded by the documents'
 * size) would not bound it. A caller sending ever new documents replaces entries; memory does not
 * grow past the bound.
 */
import type { GatewayExecutor, GatewayInterface } from '@apollo/server-gateway-interface';
import { execute, GraphQLError, Kind, type DocumentNode, type ExecutionResult, type FragmentDefinitionNode, type GraphQLSchema, type SelectionSetNode } from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { LRUCache } from 'lru-cache';

/** Operations larger than this many fields (fragments expanded) run on graphql-js. */
export const MAX_COMPILED_FIELDS = 500;

export interface CompiledCacheBounds {
  /** Operations kept compiled at most. */
  operations: number;
  /** Their fields, fragments expanded, at most in all. */
  fields: number;
}

export const COMPILED_CACHE_BOUNDS: CompiledCacheBounds = { operations: 500, fields: 20_000 };

/**
 * The fields of an operation's selection with its fragments expanded, counting stops past `max`
 * (a document whose fragments spread each other many times stops there, not after 2^n steps).
 */
export function expandedFieldCount(document: DocumentNode, selectionSet: SelectionSetNode, max: number): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  let count = 0;
  const walk = (set: SelectionSetNode): void => {
    for (const selection of set.selections) {
      if (count > max) return;
      if (selection.kind === Kind.FIELD) {
        count++;
        if (selection.selectionSet) walk(selection.selectionSet);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) walk(selection.selectionSet);
      else {
        const fragment = fragments.get(selection.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(selectionSet);
  return count;
}

export interface JitExecutor {
  executor: GatewayExecutor;
  /** The compiled operations kept and their fields in all. */
  cached(): { operations: number; fields: number };
}

/** Cache entry: a compiled operation, or `false` when graphql-js executes it (not compilable, too large). */
type Compiled = { query: CompiledQuery; fields: number } | false;

export function jitExecutor(schema: GraphQLSchema, bounds: CompiledCacheBounds = COMPILED_CACHE_BOUNDS): JitExecutor {
  const compiled = new LRUCache<string, Compiled>({
    max: bounds.operations,
    maxSize: bounds.fields,
    sizeCalculation: (entry) => (entry ? Math.max(1, entry.fields) : 1),
  });
  const compile = (document: DocumentNode, selectionSet: SelectionSetNode, operationName: string | null): Compiled => {
    const fields = expandedFieldCount(document, selectionSet, MAX_COMPILED_FIELDS);
    if (fields > MAX_COMPILED_FIELDS) return false;
    const result = compileQuery(schema, document, operationName ?? undefined);
    return isCompiledQuery(result) ? { query: result, fields } : false;
  };
  const executor: GatewayExecutor = async ({ document, request, queryHash, operation, operationName, context }) => {
    const viaGraphqlJs = () =>
      execute({ schema, document, contextValue: context, variableValues: request.variables, operationName: request.operationName }) as Promise<ExecutionResult>;
    if (!operation) return viaGraphqlJs();
    const key = `${queryHash}:${operationName ?? ''}`;
    let entry = compiled.get(key);
    if (entry === undefined) compiled.set(key, (entry = compile(document, operation.selectionSet, operationName)));
    if (!entry) return viaGraphqlJs();
    const result = await entry.query.query(undefined, context, request.variables ?? {});
    // No data: the variables were refused before anything ran. graphql-js says why, with the
    // variable's node Apollo needs to answer 400.
    if (result.data === undefined && result.errors?.length) return viaGraphqlJs();
    return result.errors ? { ...result, errors: result.errors.map(asGraphqlJsError) } : result;
  };
  return { executor, cached: () => ({ operations: compiled.size, fields: compiled.calculatedSize }) };
}

/**
 * graphql-jit's errors imitate graphql-js's but leave `extensions` undefined when the thrown error
 * has none, where Apollo's error formatting reads `extensions.code` (and so would answer every
 * resolver's error as "Internal server error", formatError not even called). The same error as
 * graphql-js's, with its message, place in the answer and the error thrown.
 */
function asGraphqlJsError(error: GraphQLError): GraphQLError {
  const converted = new GraphQLError(error.message, { path: error.path, originalError: error.originalError ?? undefined, extensions: error.extensions });
  // graphql-jit knows the field's place in the document, not its node: the locations as they are.
  if (error.locations) Object.assign(converted, { locations: error.locations });
  return converted;
}

/** The `gateway` Apollo Server takes: the schema as it is, executed by `executor`. */
export function localGateway(schema: GraphQLSchema, executor: GatewayExecutor): GatewayInterface {
  return {
    onSchemaLoadOrUpdate(callback) {
      callback({ apiSchema: schema, coreSupergraphSdl: '' });
      return () => {};
    },
    async load() {
      return { executor };
    },
    async stop() {},
  };
}
