/** GraphQL documents that hostile callers send, for the tests of the limits (limits.ts). */

/**
 * `query { ...F0 }` where each of `levels` fragments spreads the next one `spreads` times and the
 * last one asks `last`: a few hundred bytes that name spreads^levels fields once expanded.
 */
export function fragmentBomb(levels: number, spreads: number, { last = '__typename', on = 'Query' } = {}): string {
  const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on ${on} { ${`...F${i + 1} `.repeat(spreads)}}`);
  return `query { ...F0 } ${fragments.join(' ')} fragment F${levels} on ${on} { ${last} }`;
}
