/** "Load more" on a cursor-paged connection: the next page's nodes appended to the ones shown. */
type Paged<K extends string> = { [P in K]: { nodes: readonly unknown[] } };

/** An `updateQuery` for `fetchMore` that appends the connection `field`'s next page. */
export function appendPage<K extends string>(field: K) {
  return <Q extends Paged<K>>(prev: Q, { fetchMoreResult }: { fetchMoreResult?: Q | null }): Q =>
    fetchMoreResult ? ({ ...fetchMoreResult, [field]: { ...fetchMoreResult[field], nodes: [...prev[field].nodes, ...fetchMoreResult[field].nodes] } } as Q) : prev;
}
