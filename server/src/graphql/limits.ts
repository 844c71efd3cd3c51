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
