/**
 * The value of a <select> whose options are `values` plus an empty "all" option, typed as one of
 * them: GraphQL takes the enum's values only, and the empty option stays ''.
 */
export function chosen<const V extends string>(values: readonly V[], value: string): V | '' {
  return (values as readonly string[]).includes(value) ? (value as V) : '';
}
