/** Test factories of the consent-form area: PDFs, students with a guardian, forms in any state. */
import crypto from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { DataSource } from 'typeorm';
import { User } from '../accounts/user.entity.js';
import type { School } from '../schools/school.entity.js';
import { generateDefaultTemplate } from './default-template.js';

/** What these factories use of the test harness (typed here so the production build never compiles the harness). */
interface Harness {
  db: DataSource;
  buildSchool(overrides?: Partial<School>): Promise<School>;
  buildStudent(o?: { school?: School | null; firstName?: string; lastName?: string; grade?: string | null }): Promise<User>;
}

/** A PDF of `pages` pages with `lines` drawn on the first (what a browser uploads after signing). */
export async function buildPdf(lines: string[] = ['Signed'], pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  lines.forEach((text, i) => doc.getPage(0).drawText(text, { x: 72, y: 700 - i * 20, size: 12, font }));
  return Buffer.from(await doc.save());
}

/** `base` (e.g. the served form) with `lines` drawn on it, as the signing screens do. */
export async function stampPdf(base: Uint8Array, lines: string[]): Promise<Buffer> {
  const doc = await PDFDocument.load(base);
  const font = await doc.embedFont(StandardFonts.TimesRomanItalic);
  lines.forEach((text, i) => doc.getPage(0).drawText(text, { x: 180, y: 100 + i * 20, size: 14, font }));
  return Buffer.from(await doc.save());
}

let defaultTemplate: Promise<Uint8Array> | undefined;
export function defaultTemplateBytes(): Promise<Uint8Array> {
  defaultTemplate ??= generateDefaultTemplate();
  return defaultTemplate;
}

export function consentSchool(h: Harness, overrides: Partial<School> = {}): Promise<School> {
  return h.buildSchool({ parentFormEnabled: true, ...overrides });
}

/** A student with a date of birth and a guardian (phone null for none). */
export async function studentWithGuardian(
  h: Harness,
  school: School,
  o: { firstName?: string; lastName?: string; grade?: string; phone?: string | null; dob?: string } = {},
): Promise<User> {
  const student = await h.buildStudent({ school, firstName: o.firstName ?? 'Avery', lastName: o.lastName ?? 'Stone', grade: o.grade ?? '11' });
  const phone = o.phone === undefined ? `+1201${crypto.randomInt(2_000_000, 9_999_999)}` : o.phone;
  await h.db.query(`UPDATE users SET dob = $2, guardian_first_name = 'Pat', guardian_last_name = $3, guardian_phone = $4 WHERE id = $1`, [
    student.id,
    o.dob ?? '07042009',
    student.lastName,
    phone,
  ]);
  return h.db.getRepository(User).findOneByOrFail({ id: student.id });
}

/** Inserts a form directly in `state`, with `pdf` as its signed PDF (for export and viewer tests). */
export async function insertForm(h: Harness, student: User, state: string, pdf: Buffer | null): Promise<string> {
  const [row] = await h.db.query(
    `INSERT INTO consent_forms (student_id, school_id, state, signed_pdf, page_count, student_signed_at, parent_signed_at)
     VALUES ($1, $2, $3, $4, $5, now(), CASE WHEN $3 = 'both_signed' THEN now() END)
     ON CONFLICT (student_id) DO UPDATE SET state = EXCLUDED.state, signed_pdf = EXCLUDED.signed_pdf, page_count = EXCLUDED.page_count
     RETURNING id`,
    [student.id, student.schoolId, state, pdf, pdf ? 1 : null],
  );
  return row.id;
}

/**
 * `n` students of `grade` at `school`, each with a completed (both_signed) form whose PDF carries
 * the student's name; returns them by id with the stored bytes.
 */
export async function bulkCompletedForms(
  h: Harness,
  school: School,
  grade: string,
  n: number,
  prefix = 'Bulk',
): Promise<Map<number, { firstName: string; lastName: string; pdf: Buffer }>> {
  const tag = crypto.randomBytes(4).toString('hex');
  const rows: { id: number; first_name: string; last_name: string }[] = await h.db.query(
    `INSERT INTO users (email, first_name, last_name, user_type, school_id, grade)
     SELECT $1 || '-' || i || '@bulk.test', $2 || i, 'Last' || lpad(i::text, 4, '0'), 1, $3, $4 FROM generate_series(1, $5) AS i
     RETURNING id, first_name, last_name`,
    [`${prefix.toLowerCase()}-${tag}`, prefix, school.id, grade, n],
  );
  const out = new Map<number, { firstName: string; lastName: string; pdf: Buffer }>();
  for (let i = 0; i < rows.length; i += 50) {
    const chunk = rows.slice(i, i + 50);
    const pdfs = await Promise.all(chunk.map((r) => buildPdf([`${r.first_name} ${r.last_name}`, `Parent of ${r.first_name}`])));
    await h.db.query(
      `INSERT INTO consent_forms (student_id, school_id, state, signed_pdf, page_count, student_signed_at, parent_signed_at)
       SELECT unnest($1::int[]), $2, 'both_signed', unnest($3::bytea[]), 1, now(), now()`,
      [chunk.map((r) => r.id), school.id, pdfs],
    );
    chunk.forEach((r, j) => out.set(r.id, { firstName: r.first_name, lastName: r.last_name, pdf: pdfs[j] }));
  }
  return out;
}
