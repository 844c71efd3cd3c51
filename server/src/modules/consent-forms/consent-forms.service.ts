/**
 * Parent consent forms (spec 3 §3-§4, §7; spec 2 export). Every rule and permission check of the
 * area lives here or in the modules this service uses; the REST routes, the GraphQL resolver and
 * the /files route only translate. This service holds the form's life (created, read, viewed by
 * staff, exported, served as a file) and checks who may sign; its neighbours hold the rest:
 * - consent-signing.service.ts: the state machine of signing, the parent's link (text and emails);
 * - consent-evidence.ts: the signatures recorded, the audit trail read back, the viewer's phone flags;
 * - consent-pdf.ts / consent-signature.ts: the signed PDF composed on the server, what a signer sends;
 * - consent-templates.service.ts: the templates; consent-exports.service.ts: the queued export;
 * - consent-form-row.ts: the messages, the form's row and the parent's link code they share.
 *
 * Decisions where the spec says "not shown":
 * - The student signing screen is /parent-form (the onboarding chain's consent step).
 * - Forms are created at sign-up (POST /api/create-parent-form/) or on the student's first visit.
 * - Only the student signs as the student: an admin viewing as the student may read the form but
 *   not sign it (403), and a parent's view-as token is read-only.
 * - The parent's link code is 32 random bytes (base64url), stored as its SHA-256, usable only to
 *   read and sign that one form, and void once the form is complete. A wrong or spent code is a 404
 *   that reveals nothing.
 * - The parent is texted the link at the guardian phone and each linked parent account is emailed
 *   it (consent-signing.service.ts says what happens without a phone).
 * - Staff of the student's school (any school they reach) view and export forms; each export and
 *   each viewer open is written to student_record_access.
 */
import { limit } from '../../core/rate-limit.js';
import type { Writable } from 'node:stream';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config.js';
import type { RequestContext } from '../../context.js';
import { badInput, notFound, because } from '../../core/errors.js';
import { parseUuid } from '../../core/ids.js';
import { readerLocale } from '../accounts/reader-locale.js';
import { authorize, permits, requireCaller } from '../../core/policy.js';
import { valid, type Checked } from '../../core/validation.js';
import type { ExportInput } from './consent-export-input.js';
import { can } from './consent-forms.policy.js';
import type { ConsentFieldConfig, ConsentState } from '@planner/shared/consent-form';
import { UserType, type User } from '../accounts/user.entity.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { ConsentForm } from './consent-form.entity.js';
import { phoneFlags, type PhoneFlags } from './consent-evidence.js';
import { CONSENT_MESSAGES, FORM_COLUMNS, hashCode, PARENT_CODE, type FormRow } from './consent-form-row.js';
import { formPagesOnly } from './consent-pdf.js';
import { ConsentSigningService, type SigningBody } from './consent-signing.service.js';
import { ConsentTemplatesService } from './consent-templates.service.js';
import { safeFileName, ZipWriter } from './zip-writer.js';

/** The signing request the REST routes read (defined with the signing). */
export type { SigningBody };

export interface ConsentFormView {
  id: string;
  studentId: number;
  state: ConsentState;
  /** Path of the form's current PDF on this host. */
  pdf: string;
  fieldConfig: ConsentFieldConfig;
}

export interface ViewedConsentForm extends ConsentFormView, PhoneFlags {
  student: { id: number; firstName: string; lastName: string };
}

/** Bytes of a signed PDF read per part in an export (its hex text stays in V8's young generation). */
const PDF_PART = 16 * 1024;

export const formPdfPath = (id: string) => `/files/consent-forms/${id}.pdf`;

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

export class ConsentFormsService {
  readonly templates: ConsentTemplatesService;
  private readonly signing: ConsentSigningService;

  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
    outbox: OutboxService,
    private readonly schools: SchoolsService,
  ) {
    this.templates = new ConsentTemplatesService(db, config, schools);
    this.signing = new ConsentSigningService(db, config, outbox, this.templates);
  }

  private async studentSchool(ctx: RequestContext, user: User) {
    const school = user.schoolId === null ? null : await ctx.loaders.schoolById.load(user.schoolId);
    if (!school?.parentFormEnabled) throw badInput(because(CONSENT_MESSAGES.notEnabled));
    return school;
  }

  async createForCaller(ctx: RequestContext): Promise<ConsentForm> {
    const caller = authorize(ctx, can, 'startOwnForm', null);
    const school = await this.studentSchool(ctx, caller.user);
    await this.db.query(`INSERT INTO consent_forms (student_id, school_id) VALUES ($1, $2) ON CONFLICT (student_id) DO NOTHING`, [caller.user.id, school.id]);
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
    const [row] = await this.db.query(`SELECT ${FORM_COLUMNS} FROM consent_forms WHERE student_id = $1`, [studentId]);
    return row;
  }

  // ---- the student ---------------------------------------------------------------------------

  /** GET /api/parent-consent/: the caller's form, created on the first visit. */
  async studentForm(ctx: RequestContext): Promise<ConsentFormView> {
    const caller = authorize(ctx, can, 'viewOwnForm', null);
    const school = await this.studentSchool(ctx, caller.user);
    // Creating the form is a write: a parent's read-only view only reads an existing one.
    if (permits(caller, can, 'startOwnForm', null)) {
      await this.db.query(`INSERT INTO consent_forms (student_id, school_id) VALUES ($1, $2) ON CONFLICT (student_id) DO NOTHING`, [caller.user.id, school.id]);
    }
    const row = await this.formOfStudent(caller.user.id);
    if (!row) throw notFound();
    return this.view(row);
  }

  /**
   * PUT /api/parent-consent/: the student signs their own form (consent-signing.service.ts
   * composes the signed PDF, records the signature and sends the parent the link).
   */
  async signAsStudent(ctx: RequestContext, body: SigningBody): Promise<ConsentFormView> {
    const caller = authorize(ctx, can, 'signOwnForm', null);
    await limit(ctx, 'upload');
    const school = await this.studentSchool(ctx, caller.user);
    return this.view(await this.signing.signAsStudent(ctx, caller.user, school, body));
  }

  // ---- the parent, through the texted link (no account) --------------------------------------

  private async formByCode(code: string): Promise<FormRow> {
    if (!PARENT_CODE.test(code)) throw notFound();
    const [row] = await this.db.query(`SELECT ${FORM_COLUMNS} FROM consent_forms WHERE parent_code_hash = $1`, [hashCode(code)]);
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
    return this.signing.signAsParent(ctx, code, body);
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
    const [student] = await this.db.query(`SELECT id, first_name, last_name, school_id FROM users WHERE parent_code = $1 AND user_type = $2`, [
      parentCode,
      UserType.Student,
    ]);
    // Another school's student is as unknown as a wrong code.
    if (!student) throw notFound();
    authorize(ctx, can, 'viewForm', { schoolId: student.school_id, reach: await this.reach(ctx) });
    const row = await this.formOfStudent(student.id);
    if (!row) throw notFound(because(CONSENT_MESSAGES.noForm));
    await this.db.query(`INSERT INTO student_record_access (actor_user_id, student_id, action, reason) VALUES ($1, $2, 'consent_form_view', 'viewer')`, [
      caller.user.id,
      student.id,
    ]);
    return {
      ...(await this.view(row)),
      student: { id: student.id, firstName: student.first_name, lastName: student.last_name },
      ...(await phoneFlags(this.db, row.id)),
    };
  }

  /**
   * The rule of every consent-form export, direct or queued: staff of the school (any school they
   * reach), the school uses consent forms, and at least one form of the grade is complete.
   */
  async authorizeExport(ctx: RequestContext, input: Checked<ExportInput>): Promise<ExportRequest> {
    authorize(ctx, can, 'export', null);
    const { grade, schoolId } = valid(input);
    const actor = await this.requireExportStaff(ctx, schoolId);
    if (!(await this.countCompleted(schoolId, grade, 1))) throw notFound(because(CONSENT_MESSAGES.noneToExport));
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
  async exportCompleted(ctx: RequestContext, input: Checked<ExportInput>, open: (fileName: string) => Writable): Promise<number> {
    const request = await this.authorizeExport(ctx, input);
    return this.writeCompletedZip(request, open(request.fileName));
  }

  /**
   * Writes the ZIP of the grade's completed forms to `out`, reading `consentExportBatchSize` rows
   * at a time and writing each PDF as it is read; every exported student is recorded in the access
   * log. `afterBatch` hears how many forms are written so far (a queued export's progress).
   */
  async writeCompletedZip(request: Omit<ExportRequest, 'fileName'>, out: Writable, afterBatch?: (formsDone: number) => Promise<void>): Promise<number> {
    const { actorId, schoolId, grade } = request;
    const zip = new ZipWriter(out);
    const batch = this.config.consentExportBatchSize;
    let after = 0;
    for (;;) {
      const rows: { student_id: number; first_name: string; last_name: string; signed_at: Date | null }[] = await this.db.query(
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
      if (!PARENT_CODE.test(code)) throw notFound();
      [row] = await this.db.query(`SELECT student_id, school_id FROM consent_forms WHERE id = $1 AND parent_code_hash = $2`, [id, hashCode(code)]);
      if (!row) throw notFound();
    } else {
      requireCaller(ctx);
      [row] = await this.db.query(`SELECT student_id, school_id FROM consent_forms WHERE id = $1`, [id]);
      if (!row) throw notFound();
      authorize(ctx, can, 'viewFormPdf', { studentId: row.student_id, schoolId: row.school_id, reach: await this.reach(ctx) });
    }
    const [{ signed_pdf: signed, page_count: pages }] = await this.db.query(`SELECT signed_pdf, page_count FROM consent_forms WHERE id = $1`, [id]);
    // Not signed yet: the letter the reader would sign, in their language.
    if (!signed) return this.templates.pdfForReader(row!.school_id, await readerLocale(ctx));
    // The trail page (addresses, browsers, who was emailed) is for staff: the signers see the form's own pages.
    const staff = code === undefined && ctx.caller?.user.userType === UserType.Staff;
    return staff ? signed : formPagesOnly(signed, pages ?? 1);
  }
}
