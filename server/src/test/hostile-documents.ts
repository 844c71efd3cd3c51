/** GraphQL documents that hostile callers send, for the tests of the limits (limits.ts). */

/**
 * `query { ...F0 }` where each of `levels` fragments spreads the next one `spreads` times and the
 * last one asks `last`: a few hundred bytes that name spreads^levels fields once expanded.
 */
export function fragmentBomb(levels: number, spreads: number, { last = '__typename', on = 'Query' } = {}): string {
  const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on ${on} { ${`...F${i + 1} `.repeat(spreads)}}`);
  return `query { ...F0 } ${fragments.join(' ')} fragment F${levels} on ${on} { ${last} }`;
}

/**
 * `query { ...F0 ... }` spreading `count` fragments on Query that each ask `blogs { ...G }`, then
 * `comment` as a trailing comment: cheap by every limit of limits.ts (no depth, cost 3 a fragment),
 * yet graphql-js's validation compares the fields of every pair of fragments, and a comment that
 * changes on each request keeps any cache of parsed documents from helping.
 */
export function wideFragments(count: number, comment = ''): string {
  const names = Array.from({ length: count }, (_, i) => `F${i}`);
  const fragments = names.map((n) => `fragment ${n} on Query{blogs{...G}}`).join('\n');
  return `query{${names.map((n) => `...${n}`).join(' ')}}\n${fragments}\nfragment G on Blog{id}${comment ? `\n# ${comment}` : ''}`;
}
