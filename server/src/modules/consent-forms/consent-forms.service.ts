/**
 * Parent consent forms (spec 3 §3-§4, §7; spec 2 export). Every rule and permission check of the
 * area lives here; the REST routes, the GraphQL resolver and the /files route only translate.
 *
 * State machine (enforced here, each transition one transaction with the row locked):
 *   admin_signed   --student signs-->  student_signed  (the parent is texted a link code)
 *   student_signed --parent signs -->  both_signed     (the link code expires)
 *   parent_signed  --student signs-->  both_signed     (parent_signed is in the spec's list but no
 *                                                        flow of ours produces it: the parent's link
 *                                                        exists only once the student has signed)
 * The student may not sign at student_signed or both_signed; the parent may not sign at
 * parent_signed or both_signed, nor before the student (409 with the spec's message).
 *
 * Signing (this issue overrides spec 3 §7's "the signed PDF is produced in the browser"): the
 * signer sends the typed name and, if drawn, the strokes (consent-signature.ts); the server draws
 * them onto the template and appends the audit trail page (consent-pdf.ts). A whole PDF sent to a
 * signing route is refused: it would be evidence of nothing.
 *
 * Decisions where the spec says "not shown":
 * - The student signing screen is /parent-form (the onboarding chain's consent step).
 * - Forms are created at sign-up (POST /api/create-parent-form/) or on the student's first visit.
 * - Only the student signs as the student: an admin viewing as the student may read the form but
 *   not sign it (403), and a parent's view-as token is read-only.
 * - The parent's link code is 32 random bytes (base64url), stored as its SHA-256, usable only to
 *   read and sign that one form, and void once the form is complete. A wrong or spent code is a 404
 *   that reveals nothing.
 * - The text message goes to the guardian phone given in student information. When there is no
 *   phone, no message is recorded (there is no one to send it to); the form still moves to
 *   student_signed and staff see 'Needs Parent Signature' in the students list. Each linked
 *   parent account is emailed the same link (a phone typed wrong, or the student's own, does not
 *   go unnoticed).
 * - Staff of the student's school (any school they reach) view and export forms; each export and
 *   each viewer open is written to student_record_access.
 */
import { limit } from '../../core/rate-limit.js';
import crypto from 'node:crypto';
import type { Writable } from 'node:stream';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { RequestContext } from '../../core/context.js';
import { badInput, conflict, notFound } from '../../core/errors.js';
import { MAX_ID, parseUuid } from '../../core/ids.js';
import { authorize, permits, requireCaller } from '../../core/policy.js';
import { can, CONSENT_POLICY_MESSAGES } from './consent-forms.policy.js';
import { CONSENT_TEXT, type ConsentFieldConfig, type ConsentState } from '../../rules/consent-form.js';
import { UserType, type User } from '../accounts/user.entity.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { ConsentForm } from './consent-form.entity.js';
import { ConsentTemplatesService } from './consent-templates.service.js';
import { composeSignedPdf, formPagesOnly, isUnchanged, type ConsentTrail } from './consent-pdf.js';
import { parseSignature, SIGNATURE_MESSAGES, type SignatureInput } from './consent-signature.js';
import { safeFileName, ZipWriter } from './zip-writer.js';

export const CONSENT_MESSAGES = {
  notEnabled: 'Parent consent forms are not used at your school.',
  alreadySigned: CONSENT_TEXT.alreadySigned,
  studentFirst: 'The student has not signed this form yet.',
  ...CONSENT_POLICY_MESSAGES,
  noForm: 'This student has no parent consent form yet.',
  noneToExport: 'No completed parent forms found for the selected grade and school.',
} as const;

export interface ConsentFormView {
  id: string;
  studentId: number;
  state: ConsentState;
  /** Path of the form's current PDF on this host. */
  pdf: string;
  fieldConfig: ConsentFieldConfig;
}

export interface ViewedConsentForm extends ConsentFormView {
  student: { id: number; firstName: string; lastName: string };
  /** The guardian phone changed after the parent's link was sent (the link went to another phone). */
  guardianPhoneChangedAfterSent: boolean;
  /** The phone the link went to (or the guardian phone) is also a student's of another family. */
  guardianPhoneShared: boolean;
}

const DIGITS = (column: string) => `regexp_replace(${column}, '[^0-9]', '', 'g')`;

const CODE = /^[A-Za-z0-9_-]{43}$/;

/** A signing request: the signature fields, a whole PDF when one was attached (refused), the browser it came from. */
export interface SigningBody {
  fields: Record<string, unknown>;
  pdf?: Buffer;
  userAgent: string;
}

/** Bytes of a signed PDF read per part in an export (its hex text stays in V8's young generation). */
const PDF_PART = 16 * 1024;

const hashCode = (code: string) => crypto.createHash('sha256').update(code).digest('hex');
export const newParentCode = () => crypto.randomBytes(32).toString('base64url');
export const formPdfPath = (id: string) => `/files/consent-forms/${id}.pdf`;

const exportInput = z.object({
  grade: z
    .union([z.string(), z.number()], { error: 'Please choose a grade.' })
    .transform((v) => String(v).trim())
    .pipe(z.string().min(1, 'Please choose a grade.').max(20, 'The grade is too long.')),
  school_id: z.union(
    [z.number().int().positive().max(MAX_ID), z.string().regex(/^\d{1,9}$/).transform(Number)],
    { error: 'school_id must be a whole number.' },
  ),
});

/** The forms a grade's export holds ($1 school, $2 grade): complete, with their signed PDF. */
const COMPLETED_OF_GRADE = `u.school_id = $1 AND u.user_type = ${UserType.Student} AND u.grade = $2 AND cf.state = 'both_signed' AND cf.signed_pdf IS NOT NULL`;

/** The download's file name of the spec: Grade_{grade}_Parent_Forms.zip. */
export const exportFileName = (grade: string) => `Grade_${safeFileName(grade)}_Parent_Forms.zip`;

/** An export the caller may run: who asked, which school and grade, and the download's name. */
export interface ExportRequest {
  actorId: number;
  schoolId: number;
  grade: string;
  fileName: string;
}

interface FormRow {
  id: string;
  student_id: number;
  school_id: number;
  state: ConsentState;
  field_config: ConsentFieldConfig | null;
  page_count: number | null;
}

export class ConsentFormsService {
  readonly templates: ConsentTemplatesService;

  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
    private readonly outbox: OutboxService,
    private readonly schools: SchoolsService,
  ) {
    this.templates = new ConsentTemplatesService(db, config, schools);
  }

  private async studentSchool(ctx: RequestContext, user: User) {
    const school = user.schoolId === null ? null : await ctx.loaders.schoolById.load(user.schoolId);
    if (!school?.parentFormEnabled) throw badInput(CONSENT_MESSAGES.notEnabled);
    return school;
  }

  async createForCaller(ctx: RequestContext): Promise<ConsentForm> {
    const caller = authorize(ctx, can, 'startOwnForm', null);
    const school = await this.studentSchool(ctx, caller.user);
    await this.db.query(
      `INSERT INTO consent_forms (student_id, school_id) VALUES ($1, $2) ON CONFLICT (student_id) DO NOTHING`,
      [caller.user.id, school.id],
    );
    return this.db.getRepository(ConsentForm).findOneByOrFail({ studentId: caller.user.id });
  }

  private async view(row: FormRow, pdf = formPdfPath(row.id)): Promise<ConsentFormView> {
    let fieldConfig = row.field_config;
    if (!fieldConfig) {
      await this.templates.ensureDefault();
      fieldConfig = (await this.templates.effective(row.school_id)).fieldConfig;
    }
    return { id: row.id, studentId: row.student_id, state: row.state, pdf, fieldConfig };
  }

  private async formOfStudent(studentId: number): Promise<FormRow | undefined> {
    const [row] = await this.db.query(
      `SELECT id, student_id, school_id, state, field_config, page_count FROM consent_forms WHERE student_id = $1`,
      [studentId],
    );
    return row;
  }

  // ---- the student ---------------------------------------------------------------------------

  /** GET /api/parent-consent/: the caller's form, created on the first visit. */
  async studentForm(ctx: RequestContext): Promise<ConsentFormView> {
    const caller = authorize(ctx, can, 'viewOwnForm', null);
    const school = await this.studentSchool(ctx, caller.user);
    // Creating the form is a write: a parent's read-only view only reads an existing one.
    if (permits(caller, can, 'startOwnForm', null)) {
      await this.db.query(
        `INSERT INTO consent_forms (student_id, school_id) VALUES ($1, $2) ON CONFLICT (student_id) DO NOTHING`,
        [caller.user.id, school.id],
      );
    }
    const row = await this.formOfStudent(caller.user.id);
    if (!row) throw notFound();
    return this.view(row);
  }

  /**
   * PUT /api/parent-consent/: the server composes the signed PDF from the template, the student's
   * information and the signature sent (typed name, drawn strokes), records the signature, and
   * sends the parent the link: a text to the guardian phone and an email to each linked parent.
   */
  async signAsStudent(ctx: RequestContext, body: SigningBody): Promise<ConsentFormView> {
    const caller = authorize(ctx, can, 'signOwnForm', null);
    await limit(ctx, 'upload');
    const school = await this.studentSchool(ctx, caller.user);
    await this.templates.ensureDefault();
    if (body.pdf) await this.refuseWholePdf(body.pdf, await this.templates.pdfForSchool(school.id));
    const signature = parseSignature(body.fields, 'student');
    const student = caller.user;
    const now = new Date();
    const row = await this.db.transaction(async (m) => {
      await m.query(
        `INSERT INTO consent_forms (student_id, school_id) VALUES ($1, $2) ON CONFLICT (student_id) DO NOTHING`,
        [student.id, school.id],
      );
      const [form]: FormRow[] = await m.query(
        `SELECT id, student_id, school_id, state, field_config, page_count FROM consent_forms WHERE student_id = $1 FOR UPDATE`,
        [student.id],
      );
      if (form.state === 'student_signed' || form.state === 'both_signed') throw conflict(CONSENT_MESSAGES.alreadySigned);
      const template = await this.templates.effective(form.school_id, m);
      const templatePdf = await this.templates.pdfForSchool(form.school_id, m);
      const next: ConsentState = form.state === 'parent_signed' ? 'both_signed' : 'student_signed';
      const code = next === 'student_signed' ? newParentCode() : null;
      await this.recordSignature(m, ctx, body, form.id, 'student', signature, now);
      // Fresh from the row: the phone and when it was entered, as they are when the link is sent.
      const [me]: { guardian_phone: string | null; guardian_phone_set_at: Date | null; dob: string | null; grade: string | null; email: string }[] =
        await m.query(`SELECT guardian_phone, guardian_phone_set_at, dob, grade, email FROM users WHERE id = $1`, [student.id]);
      const phone = me.guardian_phone?.trim() || null;
      let notified: number[] = [];
      if (code) {
        const link = `${this.config.publicUrl}/parent-sign/${code}`;
        const body = `${student.firstName} ${student.lastName} has signed the parent consent form for dual enrollment at ${school.name}. Please review and sign it: ${link}`;
        // The form's school and the student it is about: never whoever else gives this phone.
        const about = { schoolId: form.school_id, userId: student.id };
        if (phone) await this.outbox.enqueue('sms', phone, 'Parent consent form', body, about, m);
        // Each linked parent account hears of it too, so a link texted to a wrong phone does not go unnoticed.
        const parents: { id: number; email: string }[] = await m.query(
          `SELECT u.id, u.email FROM parent_student_links l JOIN users u ON u.id = l.parent_id
            WHERE l.student_id = $1 AND u.user_type = $2 AND u.email <> '' ORDER BY u.id`,
          [student.id, UserType.Parent],
        );
        for (const p of parents) await this.outbox.enqueue('email', p.email, 'Parent consent form', body, about, m);
        notified = parents.map((p) => p.id);
        await m.query(
          `UPDATE consent_forms SET parent_phone = $2, parent_phone_set_at = $3, parent_request_sent_at = $4, notified_parent_ids = $5 WHERE id = $1`,
          [form.id, phone, phone ? me.guardian_phone_set_at : null, now, notified],
        );
      }
      const pdf = await composeSignedPdf({
        base: templatePdf,
        contentPages: template.pageCount,
        config: template.fieldConfig,
        role: 'student',
        signature,
        prefill: { firstName: student.firstName, lastName: student.lastName, email: me.email, dob: me.dob, grade: me.grade, school: { name: school.name } },
        now,
        trail: await this.trail(m, form.id),
      });
      await m.query(
        `UPDATE consent_forms SET signed_pdf = $2, page_count = $3, field_config = $4, state = $5,
                student_signed_at = $7, parent_code_hash = $6, updated_at = now() WHERE id = $1`,
        [form.id, pdf, template.pageCount, JSON.stringify(template.fieldConfig), next, code ? hashCode(code) : null, now],
      );
      return { ...form, state: next, field_config: template.fieldConfig, page_count: template.pageCount };
    });
    return this.view(row);
  }

  /** A whole signed PDF is not evidence of anything: refused, with its own message when it is the unsigned form. */
  private async refuseWholePdf(pdf: Buffer, original: Buffer): Promise<never> {
    if (pdf.length <= this.config.consentPdfMaxBytes && (await isUnchanged(pdf, original))) {
      throw badInput(SIGNATURE_MESSAGES.templateUnchanged);
    }
    throw badInput(SIGNATURE_MESSAGES.pdfNotAccepted);
  }

  /** One row of the audit trail: who signed, as whom, when, from which address and browser. */
  private async recordSignature(m: EntityManager, ctx: RequestContext, body: SigningBody, formId: string, role: 'student' | 'parent', s: SignatureInput, now: Date) {
    await m.query(
      `INSERT INTO consent_signatures (form_id, role, user_id, typed_name, printed_name, drawn_strokes, signed_at, client_ip, user_agent)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (form_id, role) DO UPDATE SET user_id = EXCLUDED.user_id, typed_name = EXCLUDED.typed_name,
         printed_name = EXCLUDED.printed_name, drawn_strokes = EXCLUDED.drawn_strokes, signed_at = EXCLUDED.signed_at,
         client_ip = EXCLUDED.client_ip, user_agent = EXCLUDED.user_agent`,
      [formId, role, ctx.caller?.user.id ?? null, s.name, s.printedName, s.strokes.length, now, ctx.ip.slice(0, 100), body.userAgent.slice(0, 300)],
    );
  }

  /** The audit trail of a form as stored (inside the signing transaction, so it includes the new signature). */
  private async trail(m: EntityManager, formId: string): Promise<ConsentTrail> {
    const [f] = await m.query(
      `SELECT cf.id, cf.parent_phone, cf.parent_phone_set_at, cf.parent_request_sent_at, cf.notified_parent_ids,
              u.id AS student_id, u.first_name, u.last_name, s.name AS school
         FROM consent_forms cf JOIN users u ON u.id = cf.student_id JOIN schools s ON s.id = cf.school_id WHERE cf.id = $1`,
      [formId],
    );
    const signatures = await m.query(
      `SELECT role, user_id, typed_name, printed_name, drawn_strokes, signed_at, client_ip, user_agent
         FROM consent_signatures WHERE form_id = $1 ORDER BY signed_at`,
      [formId],
    );
    const parents: { id: number; first_name: string; last_name: string; email: string }[] = f.notified_parent_ids?.length
      ? await m.query(`SELECT id, first_name, last_name, email FROM users WHERE id = ANY($1::int[]) ORDER BY id`, [f.notified_parent_ids])
      : [];
    return {
      formId: f.id,
      student: { id: f.student_id, name: `${f.first_name} ${f.last_name}`.trim() },
      school: f.school,
      signatures: signatures.map((s: Record<string, unknown>) => ({
        role: s.role as 'student' | 'parent', typedName: s.typed_name as string, printedName: (s.printed_name as string | null) ?? null,
        drawnStrokes: s.drawn_strokes as number, userId: (s.user_id as number | null) ?? null, signedAt: new Date(s.signed_at as string),
        clientIp: s.client_ip as string, userAgent: s.user_agent as string,
      })),
      request: f.parent_request_sent_at
        ? {
            sentAt: new Date(f.parent_request_sent_at),
            phone: f.parent_phone,
            phoneSetAt: f.parent_phone_set_at ? new Date(f.parent_phone_set_at) : null,
            notifiedParents: parents.map((p) => ({ id: p.id, name: `${p.first_name} ${p.last_name}`.trim(), email: p.email })),
          }
        : null,
    };
  }

  // ---- the parent, through the texted link (no account) --------------------------------------

  private async formByCode(code: string): Promise<FormRow> {
    if (!CODE.test(code)) throw notFound();
    const [row] = await this.db.query(
      `SELECT id, student_id, school_id, state, field_config, page_count FROM consent_forms WHERE parent_code_hash = $1`,
      [hashCode(code)],
    );
    if (!row) throw notFound();
    return row;
  }

  /** GET /api/sign-parent-form/{code}/ */
  async formForParent(code: string): Promise<ConsentFormView> {
    const row = await this.formByCode(code);
    return this.view(row, `${formPdfPath(row.id)}?code=${encodeURIComponent(code)}`);
  }

  /** PUT /api/sign-parent-form/{code}/: the parent's signature is composed onto the form; it completes, the code stops working. */
  async signAsParent(ctx: RequestContext, code: string, body: SigningBody): Promise<{ state: ConsentState }> {
    if (!CODE.test(code)) throw notFound();
    const now = new Date();
    return this.db.transaction(async (m) => {
      const [form]: (FormRow & { signed_pdf: Buffer | null })[] = await m.query(
        `SELECT id, school_id, state, page_count, field_config, signed_pdf FROM consent_forms WHERE parent_code_hash = $1 FOR UPDATE`,
        [hashCode(code)],
      );
      if (!form) throw notFound();
      if (form.state === 'parent_signed' || form.state === 'both_signed') throw conflict(CONSENT_MESSAGES.alreadySigned);
      if (form.state !== 'student_signed' || !form.signed_pdf) throw conflict(CONSENT_MESSAGES.studentFirst);
      if (body.pdf) await this.refuseWholePdf(body.pdf, await this.templates.pdfForSchool(form.school_id, m));
      const signature = parseSignature(body.fields, 'parent');
      const config = form.field_config ?? (await this.templates.effective(form.school_id, m)).fieldConfig;
      await this.recordSignature(m, ctx, body, form.id, 'parent', signature, now);
      const pdf = await composeSignedPdf({
        base: form.signed_pdf,
        contentPages: form.page_count ?? 1,
        config,
        role: 'parent',
        signature,
        now,
        trail: await this.trail(m, form.id),
      });
      await m.query(
        `UPDATE consent_forms SET signed_pdf = $2, state = 'both_signed', parent_signed_at = $3,
                parent_code_hash = NULL, updated_at = now() WHERE id = $1`,
        [form.id, pdf, now],
      );
      return { state: 'both_signed' as const };
    });
  }

  // ---- staff ---------------------------------------------------------------------------------

  /** The school ids staff reach, the fact staff policies need (nothing to load for anyone else). */
  private async reach(ctx: RequestContext): Promise<number[]> {
    const caller = requireCaller(ctx);
    return caller.user.userType === UserType.Staff ? this.schools.accessibleSchoolIds(caller.user) : [];
  }

  /** The viewer of /parent-form-viewer/{parent_code}: staff of the student's school only. */
  async formForViewer(ctx: RequestContext, parentCode: string): Promise<ViewedConsentForm> {
    const caller = authorize(ctx, can, 'viewForm', null);
    // A NUL cannot be stored in PostgreSQL text: no such code (found by the bad-input fuzz test).
    if (!parentCode || parentCode.length > 64 || parentCode.includes('\u0000')) throw notFound();
    const [student] = await this.db.query(
      `SELECT id, first_name, last_name, school_id FROM users WHERE parent_code = $1 AND user_type = $2`,
      [parentCode, UserType.Student],
    );
    // Another school's student is as unknown as a wrong code.
    if (!student) throw notFound();
    authorize(ctx, can, 'viewForm', { schoolId: student.school_id, reach: await this.reach(ctx) });
    const row = await this.formOfStudent(student.id);
    if (!row) throw notFound(CONSENT_MESSAGES.noForm);
    await this.db.query(
      `INSERT INTO student_record_access (actor_user_id, student_id, action, reason) VALUES ($1, $2, 'consent_form_view', 'viewer')`,
      [caller.user.id, student.id],
    );
    return {
      ...(await this.view(row)),
      student: { id: student.id, firstName: student.first_name, lastName: student.last_name },
      ...(await this.phoneWarnings(row.id)),
    };
  }

  /**
   * What staff should question before trusting a parent's signature: a guardian phone changed
   * after the link was sent, or a phone shared with a student no linked parent has in common with
   * this one (another family: a student may have typed their own or a friend's phone).
   */
  private async phoneWarnings(formId: string): Promise<Pick<ViewedConsentForm, 'guardianPhoneChangedAfterSent' | 'guardianPhoneShared'>> {
    const [w] = await this.db.query(
      `SELECT
         (cf.parent_request_sent_at IS NOT NULL AND (
            u.guardian_phone_set_at > cf.parent_request_sent_at
            OR ${DIGITS("coalesce(u.guardian_phone, '')")} <> ${DIGITS("coalesce(cf.parent_phone, '')")})) AS changed,
         EXISTS (
           SELECT 1 FROM users o
            WHERE o.guardian_phone IS NOT NULL AND o.id <> u.id AND o.user_type = $2
              AND ${DIGITS('o.guardian_phone')} IN (${DIGITS('cf.parent_phone')}, ${DIGITS('u.guardian_phone')})
              AND ${DIGITS('o.guardian_phone')} <> ''
              AND NOT EXISTS (SELECT 1 FROM parent_student_links a JOIN parent_student_links b ON b.parent_id = a.parent_id
                               WHERE a.student_id = u.id AND b.student_id = o.id)) AS shared
         FROM consent_forms cf JOIN users u ON u.id = cf.student_id WHERE cf.id = $1`,
      [formId, UserType.Student],
    );
    return { guardianPhoneChangedAfterSent: !!w?.changed, guardianPhoneShared: !!w?.shared };
  }

  /**
   * The rule of every consent-form export, direct or queued: staff of the school (any school they
   * reach), the school uses consent forms, and at least one form of the grade is complete.
   */
  async authorizeExport(ctx: RequestContext, input: unknown): Promise<ExportRequest> {
    authorize(ctx, can, 'export', null);
    const parsed = exportInput.safeParse(input ?? {});
    if (!parsed.success) throw badInput(parsed.error.issues[0].message);
    const { grade, school_id: schoolId } = parsed.data;
    const actor = await this.requireExportStaff(ctx, schoolId);
    if (!(await this.countCompleted(schoolId, grade, 1))) throw notFound(CONSENT_MESSAGES.noneToExport);
    return { actorId: actor.id, schoolId, grade, fileName: exportFileName(grade) };
  }

  /** Staff who may export (and see the exports of) this school's consent forms. */
  async requireExportStaff(ctx: RequestContext, schoolId: number): Promise<User> {
    const actor = authorize(ctx, can, 'export', { schoolId, reach: await this.reach(ctx) }).user;
    const school = await ctx.loaders.schoolById.load(schoolId);
    if (!school) throw notFound();
    authorize(ctx, can, 'export', { school });
    return actor;
  }

  /** How many completed forms of the grade there are (counting stops at `upTo`). */
  async countCompleted(schoolId: number, grade: string, upTo = 2_147_483_647): Promise<number> {
    const [{ n }] = await this.db.query(
      `SELECT count(*)::int AS n FROM (SELECT 1 FROM consent_forms cf JOIN users u ON u.id = cf.student_id WHERE ${COMPLETED_OF_GRADE} LIMIT $3) x`,
      [schoolId, grade, upTo],
    );
    return n;
  }

  /**
   * POST /api/export-parent-forms/: streams a ZIP of the completed forms of one grade of a school.
   * `open` is called once the request is known to succeed, with the download's file name.
   */
  async exportCompleted(ctx: RequestContext, input: unknown, open: (fileName: string) => Writable): Promise<number> {
    const request = await this.authorizeExport(ctx, input);
    return this.writeCompletedZip(request, open(request.fileName));
  }

  /**
   * Writes the ZIP of the grade's completed forms to `out`, reading `consentExportBatchSize` rows
   * at a time and writing each PDF as it is read; every exported student is recorded in the access
   * log. `afterBatch` hears how many forms are written so far (a queued export's progress).
   */
  async writeCompletedZip(
    request: Omit<ExportRequest, 'fileName'>,
    out: Writable,
    afterBatch?: (formsDone: number) => Promise<void>,
  ): Promise<number> {
    const { actorId, schoolId, grade } = request;
    const zip = new ZipWriter(out);
    const batch = this.config.consentExportBatchSize;
    let after = 0;
    for (;;) {
      const rows: { student_id: number; first_name: string; last_name: string; signed_at: Date | null }[] =
        await this.db.query(
          `/* consent export batch */ SELECT cf.student_id, u.first_name, u.last_name, cf.parent_signed_at AS signed_at
             FROM consent_forms cf JOIN users u ON u.id = cf.student_id
            WHERE ${COMPLETED_OF_GRADE} AND cf.student_id > $3
            ORDER BY cf.student_id LIMIT ${batch}`,
          [schoolId, grade, after],
        );
      if (!rows.length) break;
      const pdfs = await this.pdfsInParts(rows.map((r) => r.student_id));
      await this.db.query(
        `INSERT INTO student_record_access (actor_user_id, student_id, action, reason)
         SELECT $1, unnest($2::int[]), 'consent_form_export', 'export'`,
        [actorId, rows.map((r) => r.student_id)],
      );
      for (const r of rows) {
        const pdf = pdfs.get(r.student_id);
        if (!pdf) continue;
        pdfs.delete(r.student_id); // written: let it go before the batch ends
        await zip.add(`${safeFileName(r.last_name)}_${safeFileName(r.first_name)}_${r.student_id}.pdf`, pdf, r.signed_at ?? new Date());
      }
      after = rows[rows.length - 1].student_id;
      if (rows.length < batch) break;
      await afterBatch?.(zip.entries);
    }
    await zip.finish();
    return zip.entries;
  }

  /**
   * The signed PDFs of these students, read in parts of PDF_PART bytes and joined. A whole PDF
   * arrives as hex text twice its size, large enough for V8 to keep it until a full collection:
   * over hundreds of forms that garbage piled up. Parts this small are freed as soon as they are
   * used, so an export's memory stays flat however many forms it holds (bench/README.md).
   * Keyed by student, so a form deleted meanwhile cannot shift another's PDF.
   */
  private async pdfsInParts(studentIds: number[]): Promise<Map<number, Buffer>> {
    const parts: { student_id: number; part: Buffer }[] = await this.db.query(
      `SELECT cf.student_id, substring(cf.signed_pdf FROM n * ${PDF_PART} + 1 FOR ${PDF_PART}) AS part
         FROM consent_forms cf, generate_series(0, (length(cf.signed_pdf) - 1) / ${PDF_PART}) AS n
        WHERE cf.student_id = ANY($1::int[]) AND cf.signed_pdf IS NOT NULL
        ORDER BY cf.student_id, n`,
      [studentIds],
    );
    const byStudent = new Map<number, Buffer[]>();
    for (const p of parts) {
      const list = byStudent.get(p.student_id);
      if (list) list.push(p.part);
      else byStudent.set(p.student_id, [p.part]);
    }
    return new Map([...byStudent].map(([id, list]) => [id, Buffer.concat(list)]));
  }

  // ---- files ---------------------------------------------------------------------------------

  /** The bytes behind /files/consent-forms/{id}.pdf: the student, staff of the school, or the parent's code. */
  async formPdf(ctx: RequestContext, id: string, code: string | undefined): Promise<Buffer> {
    parseUuid(id, 'consent form');
    let row: { student_id: number; school_id: number } | undefined;
    if (code !== undefined) {
      if (!CODE.test(code)) throw notFound();
      [row] = await this.db.query(
        `SELECT student_id, school_id FROM consent_forms WHERE id = $1 AND parent_code_hash = $2`,
        [id, hashCode(code)],
      );
      if (!row) throw notFound();
    } else {
      requireCaller(ctx);
      [row] = await this.db.query(`SELECT student_id, school_id FROM consent_forms WHERE id = $1`, [id]);
      if (!row) throw notFound();
      authorize(ctx, can, 'viewFormPdf', { studentId: row.student_id, schoolId: row.school_id, reach: await this.reach(ctx) });
    }
    const [{ signed_pdf: signed, page_count: pages }] = await this.db.query(`SELECT signed_pdf, page_count FROM consent_forms WHERE id = $1`, [id]);
    if (!signed) return this.templates.pdfForSchool(row!.school_id);
    // The trail page (addresses, browsers, who was emailed) is for staff: the signers see the form's own pages.
    const staff = code === undefined && ctx.caller?.user.userType === UserType.Staff;
    return staff ? signed : formPagesOnly(signed, pages ?? 1);
  }
}
