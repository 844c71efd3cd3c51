/**
 * Course tags: stored as a map key -> name (e.g. { "uc": "UC" }). Keys come from names
 * (lower-case letters, digits and underscores); the chip colour is chosen from the key, always the
 * same for the same key, and the chip always shows the name, so colour is never the only signal.
 */

/** Dark enough for white text (contrast >= 4.5:1 against #fff). */
export const TAG_PALETTE = ['#1f5f8b', '#7a3e9d', '#0b6e4f', '#a23b2a', '#5a5a12', '#8a4b08', '#2e4a9e', '#9c2a62', '#35606b', '#5b4a8a'] as const;

export function tagKey(name: string): string {
  const key = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return key.slice(0, 60) || 'tag';
}

/** FNV-1a of the key, into the palette. */
export function tagColor(key: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return TAG_PALETTE[hash % TAG_PALETTE.length];
}

export interface FormattedTag {
  key: string;
  name: string;
  color: string;
}

/** The chips of a course, sorted by name. */
export function formatTags(tags: Record<string, string> | null | undefined): FormattedTag[] {
  return Object.entries(tags ?? {})
    .map(([key, name]) => ({ key, name, color: tagColor(key) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.key.localeCompare(b.key));
}

/** Tags every school can pick from even before its catalogue uses them. */
export const BASE_TAGS: Record<string, string> = {
  uc: 'UC',
  csu: 'CSU',
  ap: 'AP',
  honors: 'Honors',
  cte: 'CTE',
  dual_credit: 'Dual Credit',
  ncaa: 'NCAA',
};
