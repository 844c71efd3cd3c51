/** What the operation asks below the field being resolved, read from its document. */
import { Kind, type GraphQLResolveInfo, type SelectionNode } from 'graphql';

/**
 * Whether the operation selects the fields `path` (names, not aliases) below the field being
 * resolved, through fragments and inline fragments. `@skip` and `@include` are not read: a field
 * they leave out still counts as selected.
 */
export function selects(info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>, path: readonly string[]): boolean {
  const reaches = (selections: readonly SelectionNode[], at: number): boolean =>
    selections.some((s) => {
      if (s.kind === Kind.INLINE_FRAGMENT) return reaches(s.selectionSet.selections, at);
      if (s.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = info.fragments[s.name.value];
        return fragment ? reaches(fragment.selectionSet.selections, at) : false;
      }
      if (s.name.value !== path[at]) return false;
      return at === path.length - 1 || (s.selectionSet ? reaches(s.selectionSet.selections, at + 1) : false);
    });
  return info.fieldNodes.some((node) => (node.selectionSet ? reaches(node.selectionSet.selections, 0) : false));
}
