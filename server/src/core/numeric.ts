/** PostgreSQL numeric arrives from pg as text (it may exceed a JS number): units are small, so read them as numbers. */
export const numericColumn = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
