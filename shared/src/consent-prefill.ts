/**
 * What the consent form's prefill draws (spec 3 §3): the values of the student information fields,
 * their transforms and where each placement draws. Shared word for word by the server, which
 * composes the signed PDF, and the client, which shows the prefilled form before signing. Pure
 * functions, no runtime imports: the client bundles this file too.
 */
import type { ConsentFieldConfig, FieldPlacement, PrefillSource, PrefillTransform } from './consent-form.js';

/** What prefill reads of the user (the current user's fields in either naming). */
export interface PrefillUser {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
  dob?: string | null;
  grade?: string | number | null;
  school?: { name?: string | null } | null;
}

/** Prefill skips a value that is empty, null, undefined, or the text 'null' or 'undefined'. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  const text = String(value).trim();
  return text === '' || text === 'null' || text === 'undefined';
}

/** The grade as a whole number; anything else (college, other, missing) is 0. */
export function parseGrade(grade: unknown): number {
  const n = parseInt(String(grade ?? ''), 10);
  return Number.isNaN(n) ? 0 : n;
}

/** Graduation year: the current year plus (13 minus grade). */
export function graduationYear(grade: unknown, now: Date = new Date()): number {
  return now.getFullYear() + (13 - parseGrade(grade));
}

/** A date of birth as 8 digits MMDDYYYY, or any date the browser can parse (YYYY-MM-DD read as a local date). */
export function parseDob(dob: unknown): Date | null {
  if (isBlank(dob)) return null;
  const text = String(dob).trim();
  const digits = /^(\d{2})(\d{2})(\d{4})$/.exec(text);
  if (digits) {
    const [m, d, y] = [Number(digits[1]), Number(digits[2]), Number(digits[3])];
    const date = new Date(y, m - 1, d);
    return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? date : null;
  }
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (iso) return new Date(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3]));
  const parsed = new Date(text);
  return Number.isNaN(parsed.getTime()) ? null : parsed;
}

/** MM/DD/YYYY of a local date. */
export function formatDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getMonth() + 1)}/${pad(date.getDate())}/${date.getFullYear()}`;
}

/** The format_dob transform: MM/DD/YYYY, or null (skipped) when the date cannot be read. */
export function formatDob(dob: unknown): string | null {
  const date = parseDob(dob);
  return date ? formatDate(date) : null;
}

export function sourceValue(source: PrefillSource, user: PrefillUser, now: Date = new Date()): unknown {
  switch (source) {
    case 'user.first_name':
      return user.firstName;
    case 'user.last_name':
      return user.lastName;
    case 'user.email':
      return user.email;
    case 'user.school.name':
      return user.school?.name;
    case 'user.dob':
      return user.dob;
    case 'user.grade':
      return user.grade;
    case 'calculated.graduation_year':
      return graduationYear(user.grade, now);
    default:
      throw new Error(`Unknown prefill source ${String(source)}`);
  }
}

export function applyTransform(value: unknown, transform: PrefillTransform | undefined): unknown {
  if (!transform) return value;
  if (transform === 'format_dob') return formatDob(value);
  throw new Error(`Unknown transform ${String(transform)}`);
}

export interface PrefillText {
  key: string;
  text: string;
  placement: FieldPlacement;
}

/** The texts prefill draws, in configuration order; blank values are skipped, errors logged and skipped. */
export function prefillTexts(config: ConsentFieldConfig, user: PrefillUser, now: Date = new Date(), log: (...args: unknown[]) => void = console.error): PrefillText[] {
  const out: PrefillText[] = [];
  for (const [key, field] of Object.entries(config.student_info ?? {})) {
    try {
      const value = applyTransform(sourceValue(field.source, user, now), field.transform);
      if (isBlank(value)) continue;
      out.push({ key, text: String(value).trim(), placement: field });
    } catch (e) {
      log(`Could not prefill the field ${key}`, e);
    }
  }
  return out;
}

/** An RGB triple as pdf-lib's 0-1 components (a component above 1 means the triple is 0-255). */
export function normaliseColor(color: readonly number[] | undefined): [number, number, number] {
  const c = Array.isArray(color) && color.length === 3 && color.every((v) => Number.isFinite(v)) ? color : [0, 0, 0];
  const scale = c.some((v) => v > 1) ? 255 : 1;
  return [c[0] / scale, c[1] / scale, c[2] / scale].map((v) => Math.min(1, Math.max(0, v))) as [number, number, number];
}

/** Where and how a placement draws: page index, position, size and colour. */
export function placementOptions(p: FieldPlacement): { page: number; x: number; y: number; size: number; color: [number, number, number] } {
  return { page: p.page ?? 0, x: p.x, y: p.y, size: p.font_size, color: normaliseColor(p.color) };
}
