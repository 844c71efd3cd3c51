/**
 * Validation rules that keep abusive queries from third-party dashboards off the database:
 * a maximum selection depth and a maximum number of aliases per operation.
 */
import { GraphQLError, Kind, type ASTVisitor, type FragmentDefinitionNode, type SelectionSetNode, type ValidationContext } from 'graphql';

export function depthLimit(maxDepth: number) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const depthOf = (set: SelectionSetNode | undefined, depth: number, seen: Set<string>): number => {
      if (!set) return depth;
      let max = depth;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__')) continue;
          max = Math.max(max, depthOf(sel.selectionSet, depth + (sel.selectionSet ? 1 : 0), seen));
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          max = Math.max(max, depthOf(sel.selectionSet, depth, seen));
        } else if (sel.kind === Kind.FRAGMENT_SPREAD && !seen.has(sel.name.value)) {
          const frag = fragments.get(sel.name.value);
          if (frag) max = Math.max(max, depthOf(frag.selectionSet, depth, new Set([...seen, sel.name.value])));
        }
      }
      return max;
    };
    return {
      OperationDefinition(node) {
        const depth = depthOf(node.selectionSet, 1, new Set());
        if (depth > maxDepth) {
          context.reportError(new GraphQLError(`Query is too deep: ${depth} levels, at most ${maxDepth} are allowed.`, {
            nodes: [node], extensions: { code: 'BAD_USER_INPUT' },
          }));
        }
      },
    };
  };
}

export function aliasLimit(maxAliases: number) {
  return (context: ValidationContext): ASTVisitor => {
    let count = 0;
    return {
      Field(node) {
        if (node.alias) count++;
      },
      Document: {
        leave() {
          if (count > maxAliases) {
            context.reportError(new GraphQLError(`Too many aliases: ${count}, at most ${maxAliases} are allowed.`, {
              extensions: { code: 'BAD_USER_INPUT' },
            }));
          }
        },
      },
    };
  };
}

/** Arguments that say how many rows a list field returns: its subtree is counted that many times. */
const PAGE_ARGUMENTS = new Set(['first', 'last', 'limit', 'pageSize']);

/**
 * A query's cost: every field counts 1, and a field with a page-size argument multiplies the cost
 * of its selection by that size (a variable counts as `assumedPageSize`, the largest page a
 * list serves). Lists without a page argument are bounded by the domain (a plan's terms) and count once.
 */
export function costLimit(maxCost: number, assumedPageSize = 100) {
  return (context: ValidationContext): ASTVisitor => {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const def of context.getDocument().definitions) {
      if (def.kind === Kind.FRAGMENT_DEFINITION) fragments.set(def.name.value, def);
    }
    const costOf = (set: SelectionSetNode | undefined, seen: Set<string>): number => {
      if (!set) return 0;
      let total = 0;
      for (const sel of set.selections) {
        if (sel.kind === Kind.FIELD) {
          if (sel.name.value.startsWith('__')) continue;
          let multiplier = 1;
          for (const arg of sel.arguments ?? []) {
            if (!PAGE_ARGUMENTS.has(arg.name.value)) continue;
            if (arg.value.kind === Kind.INT) multiplier = Math.max(1, Number(arg.value.value));
            else if (arg.value.kind === Kind.VARIABLE) multiplier = assumedPageSize;
          }
          total += 1 + multiplier * costOf(sel.selectionSet, seen);
        } else if (sel.kind === Kind.INLINE_FRAGMENT) {
          total += costOf(sel.selectionSet, seen);
        } else if (sel.kind === Kind.FRAGMENT_SPREAD && !seen.has(sel.name.value)) {
          const frag = fragments.get(sel.name.value);
          if (frag) total += costOf(frag.selectionSet, new Set([...seen, sel.name.value]));
        }
      }
      return total;
    };
    return {
      OperationDefinition(node) {
        const cost = costOf(node.selectionSet, new Set());
        if (cost > maxCost) {
          context.reportError(new GraphQLError(`Query is too expensive: it costs ${cost}, at most ${maxCost} is allowed. Ask for fewer rows or fields.`, {
            nodes: [node], extensions: { code: 'BAD_USER_INPUT' },
          }));
        }
      },
    };
  };
}

/** Removes graphql-js's "Did you mean ...?" hints, which would reveal field names to anonymous callers. */
export function withoutSuggestions(message: string): string {
  return message.replace(/ Did you mean .+\?$/, '');
}

/** Whether a document asks for the schema itself (__schema or __type anywhere). */
export function asksForIntrospection(query: string | undefined): boolean {
  return !!query && /\b__(schema|type)\b/.test(query);
}
