/**
 * When a course is offered: the seasons of its terms. Written the same way in the course form,
 * the course CSV's optional "Offered" column and both APIs: seasons separated by commas,
 * semicolons, slashes or spaces, in any case ("Fall, Spring"); empty, "every term" or "all"
 * means unknown, which the auto-plan reads as every term.
 */
export const SEASONS = ['fall', 'spring', 'summer'] as const;
export type Season = (typeof SEASONS)[number];

const EVERY = /^\s*(every\s*term|all|any)?\s*$/i;

/** The seasons in season order, null for every term, or 'invalid' for anything else. */
export function parseOfferedTerms(text: string): Season[] | null | 'invalid' {
  if (text.length > 100) return 'invalid';
  if (EVERY.test(text)) return null;
  const words = text
    .toLowerCase()
    .split(/[\s,;/|]+/)
    .filter(Boolean);
  if (!words.every((w) => (SEASONS as readonly string[]).includes(w))) return 'invalid';
  return SEASONS.filter((s) => words.includes(s));
}

/** The seasons of a list (from an API), null for every term (null, empty or all three), or 'invalid'. */
export function checkOfferedList(list: readonly unknown[] | null): Season[] | null | 'invalid' {
  if (list === null) return null;
  if (list.length > SEASONS.length || !list.every((w) => typeof w === 'string' && (SEASONS as readonly string[]).includes(w.toLowerCase()))) return 'invalid';
  const seasons = SEASONS.filter((s) => list.some((w) => (w as string).toLowerCase() === s));
  return seasons.length === 0 || seasons.length === SEASONS.length ? null : seasons;
}
