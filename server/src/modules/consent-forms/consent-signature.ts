/**
 * What a signer sends to sign a consent form (PUT /api/parent-consent/ and PUT
 * /api/sign-parent-form/{code}/): the typed full name (the spec's signature), for the parent an
 * optional printed name, and optionally the signature drawn in the browser as strokes of points.
 * The server draws these onto the template itself (consent-pdf.ts); a whole signed PDF is refused.
 *
 * Strokes are lists of [x, y] points, each coordinate between 0 and 1 of the drawing pad (x to the
 * right, y downwards), bounded in number so a hostile payload costs little to check and draw.
 */
import { z } from 'zod';
import { badInput, because } from '../../core/errors.js';
import type { Reason } from '@planner/shared';

export const SIGNATURE_LIMITS = { nameChars: 100, strokes: 40, pointsPerStroke: 1000, points: 4000, strokesJsonChars: 100_000 } as const;

export const SIGNATURE_MESSAGES = {
  nameTooLong: because('SIGNATURE_NAME_TOO_LONG', { max: SIGNATURE_LIMITS.nameChars }),
  nameInvalid: 'SIGNATURE_NAME_INVALID',
  strokesInvalid: 'SIGNATURE_STROKES_INVALID',
  strokesTooMany: because('SIGNATURE_STROKES_TOO_MANY', { strokes: SIGNATURE_LIMITS.strokes, points: SIGNATURE_LIMITS.points }),
  strokesEmpty: 'SIGNATURE_STROKES_EMPTY',
  pdfNotAccepted: 'SIGNED_PDF_NOT_ACCEPTED',
  templateUnchanged: 'SIGNED_PDF_UNCHANGED',
} as const;

export type Stroke = [number, number][];

export interface SignatureInput {
  /** The typed full name: the signature of the spec. */
  name: string;
  /** The parent's printed name (the typed name when left empty); null for the student. */
  printedName: string | null;
  strokes: Stroke[];
}

// Letters in any script; no control characters (a NUL cannot be stored, others hide text) and no
// direction overrides (they make the name read differently from what was typed).
// eslint-disable-next-line no-control-regex -- it looks for control characters on purpose
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const LETTER = /\p{L}/u;

/** The typed name; `missing` null: the field is optional. */
function nameOf(raw: unknown, missing: Reason | null): string | null {
  const text = typeof raw === 'string' ? raw.normalize('NFC').replace(/\s+/g, ' ').trim() : '';
  if (!text) {
    if (missing === null) return null;
    throw badInput(because(missing));
  }
  if (text.length > SIGNATURE_LIMITS.nameChars) throw badInput(SIGNATURE_MESSAGES.nameTooLong);
  if (CONTROL.test(text) || !LETTER.test(text)) throw badInput(because(SIGNATURE_MESSAGES.nameInvalid));
  return text;
}

const coordinate = z.number().finite().min(0).max(1);
const strokesSchema = z
  .array(
    z
      .array(z.tuple([coordinate, coordinate]))
      .min(1)
      .max(SIGNATURE_LIMITS.pointsPerStroke),
  )
  .max(SIGNATURE_LIMITS.strokes);

function strokesOf(raw: unknown): Stroke[] {
  if (raw === undefined || raw === null || raw === '') return [];
  let value = raw;
  if (typeof raw === 'string') {
    if (raw.length > SIGNATURE_LIMITS.strokesJsonChars) throw badInput(SIGNATURE_MESSAGES.strokesTooMany);
    try {
      value = JSON.parse(raw);
    } catch {
      throw badInput(because(SIGNATURE_MESSAGES.strokesInvalid));
    }
  }
  // Counted before the schema walks every point.
  if (Array.isArray(value) && value.length > SIGNATURE_LIMITS.strokes) throw badInput(SIGNATURE_MESSAGES.strokesTooMany);
  const parsed = strokesSchema.safeParse(value);
  if (!parsed.success) {
    const tooBig = parsed.error.issues.some((i) => i.code === 'too_big' && i.path.length <= 2);
    throw badInput(tooBig ? SIGNATURE_MESSAGES.strokesTooMany : because(SIGNATURE_MESSAGES.strokesInvalid));
  }
  const strokes = parsed.data as Stroke[];
  if (strokes.reduce((n, s) => n + s.length, 0) > SIGNATURE_LIMITS.points) throw badInput(SIGNATURE_MESSAGES.strokesTooMany);
  // A pad sent but never drawn on: no stroke with any length.
  if (!strokes.some((s) => s.some(([x, y]) => x !== s[0][0] || y !== s[0][1]))) throw badInput(because(SIGNATURE_MESSAGES.strokesEmpty));
  return strokes.map((s) => s.map(([x, y]) => [Math.round(x * 1000) / 1000, Math.round(y * 1000) / 1000] as [number, number]));
}

/** The signature fields of a request body (multipart text fields or JSON), or a 400 naming the problem. */
export function parseSignature(body: Record<string, unknown>, role: 'student' | 'parent'): SignatureInput {
  const name = nameOf(body.name, role === 'student' ? 'SIGNATURE_REQUIRED' : 'PARENT_SIGNATURE_REQUIRED')!;
  const printedName = role === 'parent' ? (nameOf(body.printed_name, null) ?? name) : null;
  return { name, printedName, strokes: strokesOf(body.strokes) };
}
