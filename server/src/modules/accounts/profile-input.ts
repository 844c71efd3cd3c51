/**
 * The profile payloads: the interface language and the ordered term labels. Parsed by the
 * adapters (and by the plan's term edits, which store the same list); the service receives a
 * `Checked` value.
 */
import { MAX_LABEL_LENGTH, REASONS } from '@planner/shared';
import { badInput } from '../../core/errors.js';
import { check, hasNul, NUL_MESSAGE, type Checked } from '../../core/validation.js';
import { LOCALES, type Locale } from './user.entity.js';

export const MAX_TERMS = 24;
export { MAX_LABEL_LENGTH };

export const checkLocale = (raw: unknown): Checked<Locale> =>
  check(() => {
    if (typeof raw !== 'string' || !(LOCALES as readonly string[]).includes(raw)) {
      throw badInput(`locale must be one of: ${LOCALES.join(', ')}.`);
    }
    return raw as Locale;
  });

/** Accepts the spec's list, or a map of position to label; every label non-empty and distinct. */
export function parseLabels(raw: unknown): string[] {
  let list: unknown = raw;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    list = Object.entries(raw as Record<string, unknown>)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, v]) => v);
  }
  if (!Array.isArray(list)) throw badInput(REASONS.TERM_LABELS_NOT_LIST);
  // Checked before the labels are read: a list of a million entries is refused, not walked.
  if (list.length > MAX_TERMS) throw badInput(`A plan may have at most ${MAX_TERMS} terms.`);
  const labels = list.map((l) => (typeof l === 'string' ? l.trim() : ''));
  if (labels.some((l) => !l)) throw badInput(REASONS.TERM_LABEL_MISSING);
  if (labels.some(hasNul)) throw badInput(NUL_MESSAGE);
  if (labels.some((l) => l.length > MAX_LABEL_LENGTH)) throw badInput(`A term label may have at most ${MAX_LABEL_LENGTH} characters.`);
  if (new Set(labels.map((l) => l.toLowerCase())).size !== labels.length) throw badInput(REASONS.TERM_LABELS_NOT_UNIQUE);
  return labels;
}

export const checkLabels = (raw: unknown): Checked<string[]> => check(() => parseLabels(raw));
