/** Plan values checked on both sides: the server refuses, the client's inputs stop typing. */

/** The longest term label (the academic-year labels of the profile and a plan's term labels). */
export const MAX_LABEL_LENGTH = 60;

/**
 * The term labels a school starts its students with (server schools/school.entity.ts), each with
 * its message in the reader's language (`term.<key>` in both the client's and the server's
 * catalogues): a default label reads translated on the plan screen and in the PDF, while a label
 * the student or school wrote stays as written.
 */
export const DEFAULT_TERM_LABELS = {
  '9th Grade': 'grade9',
  '10th Grade': 'grade10',
  '11th Grade': 'grade11',
  '12th Grade': 'grade12',
  '1st Year': 'year1',
  '2nd Year': 'year2',
} as const;

export type DefaultTermLabelKey = (typeof DEFAULT_TERM_LABELS)[keyof typeof DEFAULT_TERM_LABELS];

/** The message key part of a default term label, or null for a label someone wrote. */
export function defaultTermLabelKey(label: string): DefaultTermLabelKey | null {
  return Object.prototype.hasOwnProperty.call(DEFAULT_TERM_LABELS, label) ? DEFAULT_TERM_LABELS[label as keyof typeof DEFAULT_TERM_LABELS] : null;
}
