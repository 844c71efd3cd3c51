/** The contract page's placement rules (spec 3 §3, §4, §5): what each spot takes, and what is missing. */
import { intlOf } from '../../i18n/core';
import type { MessageKey } from '../../i18n/en';

export const REQUIRED_PLACEMENTS = 11;

/** The catalogue keys of the page's alerts (the missing spots' names follow missingSpots). */
export const MESSAGES = {
  adoptMissing: 'contracts.adoptMissing',
  missingSpots: 'contracts.missingSpots',
  pdfFailed: 'contracts.pdfFailed',
} as const satisfies Record<string, MessageKey>;

export interface Adopted {
  fullName: string;
  initials: string;
}

/** Today's date in the browser's time zone (e.g. 11/23/2026). Stays en-US in Spanish too: it is written on the English contract, which governs. */
export function todayLocal(now = new Date()): string {
  return intlOf('en').formatDate(now, { year: 'numeric', month: '2-digit', day: '2-digit' });
}

/** Initials spots take the initials; the signature and printed name take the full name; the date takes today's local date. */
export function valueForSpot(kind: string, adopted: Adopted, now = new Date()): string {
  if (kind === 'initials') return adopted.initials.trim();
  if (kind === 'date') return todayLocal(now);
  return adopted.fullName.trim();
}

/** Required spots without a value, in contract order. */
export function missingSpots(required: readonly string[], placed: Readonly<Record<string, string>>): string[] {
  return required.filter((name) => !placed[name]?.trim());
}

export function canAdopt(adopted: Adopted): boolean {
  return adopted.fullName.trim() !== '' && adopted.initials.trim() !== '';
}

/** Stage 2 -> 3 needs at least 11 placed spots and no request in flight. */
export function canContinue(placedCount: number, generating: boolean): boolean {
  return placedCount >= REQUIRED_PLACEMENTS && !generating;
}
