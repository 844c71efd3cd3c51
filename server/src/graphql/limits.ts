/**
 * Limits that keep any caller, anonymous ones included, from making the server work long on one
 * GraphQL document: its depth, its aliases and its cost, all checked before anything executes (the
 * token limit is graphql-js's own `maxTokens`, applied while parsing: `parseOptions` in server.ts).
 *
 * Every rule counts a fragment once and reuses that figure at each further spread: a document whose
 * fragments each spread the next one twice must cost linear time to refuse, not 2^n walks.
 * - Depth and aliases: graphql-armor's validation rules (@escape.tech/graphql-armor-max-depth,
 *   -max-aliases), which remember each fragment's depth and alias count.
 * - Cost: graphql-query-complexity, because its estimators see each field's argument values with the
 *   request's variables, which our cost needs (a paged field multiplies its selection by `first:`,
 *   also when the size comes in a variable); graphql-armor's cost rule only reads a literal
 *   first/last and multiplies the field itself too. graphql-query-complexity walks a fragment again
 *   at every spread (stopping only at its node cap), so `operationCost` has it compute each
 *   fragment once per operation. It needs the variables, so it runs once the operation is resolved
 *   (a plugin), not among the validation rules.
 * Every field counts, `__typename` included; only the `__schema` introspection tree has no depth.
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import {
  BREAK,
  GraphQLError,
  Kind,
  TypeInfo,
  ValidationContext,
  visit,
  type ASTNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { createComplexityRule, type ComplexityEstimator } from 'graphql-query-complexity';

/** graphql-armor reports a limit as a "Syntax Error"; it is a refusal with BAD_USER_INPUT instead. */
function reportRefusal(context: ValidationContext | null, error: GraphQLError): void {
  context?.reportError(new GraphQLError(error.message.replace(/^Syntax Error: /, ''), { extensions: { code: 'BAD_USER_INPUT' } }));
}

/** The deepest field of an operation, fragments and inline fragments adding no level of their own. */
export function depthLimit(maxDepth: number): ValidationRule {
  return maxDepthRule({ n: maxDepth, flattenFragments: true, ignoreIntrospection: true, propagateOnRejection: false, onReject: [reportRefusal] });
}

/** Aliases in an operation, a fragment's counted at each spread; aliased `__typename` counts too. */
export function aliasLimit(maxAliases: number): ValidationRule {
  return maxAliasesRule({ n: maxAliases, allowList: [], propagateOnRejection: false, onReject: [reportRefusal] });
}

/** Arguments that say how many rows a list field returns: its selection is counted that many times. */
const PAGE_ARGUMENTS = new Set(['first', 'last', 'limit', 'pageSize']);

/**
 * A field counts 1, and a field with a page-size argument multiplies the cost of its selection by
 * that size (a variable left unset or null counts as `assumedPageSize`, the largest page a list
 * serves). Lists without a page argument are bounded by the domain (a plan's terms) and count once.
 */
function pageSizeEstimator(assumedPageSize: number): ComplexityEstimator {
  return ({ node, args, childComplexity }) => {
    let multiplier = 1;
    for (const arg of node.arguments ?? []) {
      if (!PAGE_ARGUMENTS.has(arg.name.value)) continue;
      const size: unknown = args[arg.name.value];
      multiplier = Math.max(multiplier, typeof size === 'number' ? size : assumedPageSize);
    }
    return 1 + multiplier * childComplexity;
  };
}

/**
 * The cost of the operation `operationName` (or the document's only one) with these variables.
 * Throws a GraphQLError when it cannot be computed (variables that do not fit the operation).
 */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  { operationName, variables = {}, assumedPageSize = 100 }: { operationName?: string; variables?: Record<string, unknown>; assumedPageSize?: number },
): number {
  const errors: GraphQLError[] = [];
  const context = new ValidationContext(schema, document, new TypeInfo(schema), (error) => errors.push(error));
  const visitor = createComplexityRule({ maximumComplexity: Infinity, estimators: [pageSizeEstimator(assumedPageSize)], variables, operationName })(context);
  // A fragment's cost depends only on the fragment and the operation's variables: compute it once.
  // This replaces `nodeComplexity`, a method graphql-query-complexity does not document: a release
  // that renamed it or stopped calling it for fragments would silently turn the memo off (and with
  // it the linear-time refusal), so server/package.json pins the exact version; a bump must rerun
  // limits.test.ts.
  const walk = visitor.nodeComplexity.bind(visitor);
  const fragmentCosts = new Map<FragmentDefinitionNode, number>();
  visitor.nodeComplexity = (node, typeDef, activeFragments) => {
    if (node.kind !== Kind.FRAGMENT_DEFINITION) return walk(node, typeDef, activeFragments);
    let cost = fragmentCosts.get(node);
    if (cost === undefined) fragmentCosts.set(node, (cost = walk(node, typeDef, activeFragments)));
    return cost;
  };
  // The rule computes an operation's whole cost when it enters the operation (its own walk, through
  // nodeComplexity); nothing else of a visit of the document counts. Walking every node of the
  // document with graphql-js's visitor and TypeInfo only to reach the operations cost more than
  // the cost itself (about 0.4 of 0.6 ms per request for the plan page's query, profiled at 50
  // connections).
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) visitor.onOperationDefinitionEnter(definition);
  }
  if (errors.length) throw errors[0];
  return visitor.complexity;
}

/** Whether the cost of some operation of `document` can change with the variables: a variable given as a page size or to `@skip`/`@include`. */
export function costReadsVariables(document: DocumentNode): boolean {
  let reads = false;
  const hasVariable = (node: ASTNode) => {
    let found = false;
    visit(node, {
      Variable: () => {
        found = true;
        return BREAK;
      },
    });
    return found;
  };
  visit(document, {
    Argument(node) {
      if (PAGE_ARGUMENTS.has(node.name.value) && hasVariable(node)) {
        reads = true;
        return BREAK;
      }
      return false;
    },
    Directive(node) {
      if ((node.name.value === 'skip' || node.name.value === 'include') && hasVariable(node)) {
        reads = true;
        return BREAK;
      }
      return false;
    },
  });
  return reads;
}

/** Refuses, before execution, an operation whose cost (see `pageSizeEstimator`) is above `maxCost`. */
export function costLimit<TContext extends object>(maxCost: number, assumedPageSize = 100): ApolloServerPlugin<TContext> {
  // The cost of each operation of a document whose cost cannot change with the variables, computed
  // once (0.1 ms of the 0.8 ms the plan page's query spends in Apollo and graphql-js, and it was
  // computed on every request). Keyed by the parsed document: Apollo hands every request with the
  // same text the same DocumentNode from its own bounded document cache, so this map holds no
  // document Apollo has let go. Null: the cost reads the variables, computed each time.
  const known = new WeakMap<DocumentNode, Map<string, number> | null>();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operationName, request }) {
          let costs = known.get(document);
          if (costs === undefined) known.set(document, (costs = costReadsVariables(document) ? null : new Map()));
          let cost = costs?.get(operationName ?? '');
          if (cost === undefined) {
            try {
              cost = operationCost(schema, document, { operationName: operationName ?? undefined, variables: request.variables, assumedPageSize });
            } catch (e) {
              const message = e instanceof GraphQLError ? e.message : 'The cost of this query could not be computed.';
              throw new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', http: { status: 400 } } });
            }
            costs?.set(operationName ?? '', cost);
          }
          if (cost > maxCost) {
            throw new GraphQLError(`Query is too expensive: it costs ${cost}, at most ${maxCost} is allowed. Ask for fewer rows or fields.`, {
              extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } },
            });
          }
        },
      };
    },
  };
}

/** Removes graphql-js's "Did you mean ...?" hints, which would reveal field names to anonymous callers. */
export function withoutSuggestions(message: string): string {
  return message.replace(/ Did you mean .+\?$/, '');
}
