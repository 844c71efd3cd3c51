/** The rows of an UPDATE or DELETE ... RETURNING through TypeORM's query(), which answers [rows, count] for those. */
export function returnedRows<T>(result: unknown): T[] {
  const r = result as unknown[];
  return (Array.isArray(r[0]) ? r[0] : r) as T[];
}
