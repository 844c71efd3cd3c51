/**
 * Dual School admissions (admissions §2-§9 plus the staff review the spec leaves to us).
 *
 * Rules that are ours (the spec says "not shown"):
 * - One application per parent account; only a parent (type 3) of a school with dual_school_enabled
 *   has one, and only that parent reads or writes it. Staff (type 2) of a dual school read every
 *   application of the dual schools they reach and decide on them.
 * - The status lives on users.application_status (the session and the restricted state read it) and
 *   moves only as @planner/shared/application's canMove allows. Saving or uploading after submission is a 409.
 * - A parent with no saved application yet reads { id: null, application_status: 'not_started', form_data: [] };
 *   the row is created by the first save or upload.
 * - Submit (application_status complete) checks the required fields of §5 on the server, merged with
 *   what was saved before, and names the missing ones. Transcripts are not required on submit (the
 *   spec's required list does not name them; staff see whether any came).
 * - Only complete applications can be accepted or declined; a decline needs a reason. Each decision
 *   emails the parent through the outbox, in the same transaction.
 * - Transcripts: .pdf .jpg .jpeg .png .doc .docx whose first bytes match the type, at most
 *   config.transcriptMaxBytes (10 MB) each and config.transcriptMaxFiles (20) per application,
 *   stored as bytea, served only to the parent and the dual school's staff.
 */
import { recordAccess } from '../access-log/record-access.js';
import { limit } from '../../core/rate-limit.js';
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config.js';
import type { RequestContext } from '../../context.js';
import { badInput, conflict, notFound, because, type ReasonMessage } from '../../core/errors.js';
import { authorize, requireCaller } from '../../core/policy.js';
import { ADMISSION_POLICY_MESSAGES, can, type AdmissionAction } from './admissions.policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { ADMISSION_INPUT_MESSAGES, type ApplicationSave, type Decision } from './admission-input.js';
import { parseId } from '../../core/ids.js';
import { APPLICATION_STEPS, canMove, emptyValues, isEditable, mergeRecords, missingRequired, type StepRecord } from '@planner/shared/application';
import { User, UserType, type ApplicationStatus } from '../accounts/user.entity.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import { message } from '../../messages/messages.js';
import { School } from '../schools/school.entity.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { Application, TranscriptFile } from './application.entity.js';
import { decodeCursor, encodeCursor } from '../../core/pagination.js';
import type { SchoolYearsService } from '../school-years/school-years.service.js';
import { SCHOOL_YEAR_MESSAGES } from '../school-years/school-year-rules.js';

export const ADMISSION_MESSAGES = {
  ...ADMISSION_POLICY_MESSAGES,
  alreadySubmitted: 'APPLICATION_SUBMITTED',
  badStatus: ADMISSION_INPUT_MESSAGES.badStatus,
  noFile: 'TRANSCRIPT_FILE_MISSING',
  badType: 'TRANSCRIPT_TYPE_INVALID',
  emptyFile: 'FILE_EMPTY',
  tooManyFiles: (n: number) => because('TOO_MANY_TRANSCRIPTS', { max: n }),
  tooLarge: (bytes: number) => because('TRANSCRIPT_TOO_LARGE', { max: Math.round(bytes / 1024 / 1024) }),
  mismatch: (name: string, type: string) => because('FILE_CONTENT_MISMATCH', { name, type }),
  onlyComplete: (decision: string) => because('APPLICATION_NOT_COMPLETE', { decision }),
  reasonRequired: ADMISSION_INPUT_MESSAGES.reasonRequired,
} as const;

/** Allowed transcript types: extension -> MIME type and the magic bytes the file must start with. */
const TYPES: Record<string, { label: string; mime: string; magic: number[] }> = {
  '.pdf': { label: 'PDF', mime: 'application/pdf', magic: [0x25, 0x50, 0x44, 0x46] },
  '.png': { label: 'PNG', mime: 'image/png', magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  '.jpg': { label: 'JPEG', mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  '.jpeg': { label: 'JPEG', mime: 'image/jpeg', magic: [0xff, 0xd8, 0xff] },
  '.doc': { label: 'DOC', mime: 'application/msword', magic: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
  '.docx': { label: 'DOCX', mime: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', magic: [0x50, 0x4b, 0x03, 0x04] },
};

/** The type of an upload, or the reason it is refused. Pure, unit-tested. */
export function checkTranscript(fileName: string, bytes: Buffer): { ok: true; mime: string } | { ok: false; message: ReasonMessage } {
  const ext = /\.[^.]+$/.exec(fileName.toLowerCase())?.[0] ?? '';
  const type = TYPES[ext];
  if (!type) return { ok: false, message: because(ADMISSION_MESSAGES.badType) };
  if (bytes.length === 0) return { ok: false, message: because(ADMISSION_MESSAGES.emptyFile) };
  const matches = type.magic.every((b, i) => bytes[i] === b);
  if (!matches) return { ok: false, message: ADMISSION_MESSAGES.mismatch(fileName, type.label) };
  return { ok: true, mime: type.mime };
}

/** The stored name: the last path segment, without control characters, at most 200 characters. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return (clean || 'transcript').slice(-200);
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const ascii = fileName.replace(/[^A-Za-z0-9._ ()-]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Saved records with the new ones merged in, field by field, in step order. */
export function mergeFormData(saved: StepRecord[], incoming: StepRecord[]): StepRecord[] {
  return APPLICATION_STEPS.flatMap((def) => {
    const before = saved.find((r) => r.step === def.step);
    const now = incoming.find((r) => r.step === def.step);
    if (!before && !now) return [];
    return [{ step: def.step, title: def.title, data: { ...(before?.data ?? {}), ...(now?.data ?? {}) } }];
  });
}

export interface ApplicationView {
  id: number | null;
  applicationStatus: ApplicationStatus;
  formData: StepRecord[];
  submittedAt: Date | null;
  decidedAt: Date | null;
  decisionReason: string;
  parentId: number;
  schoolId: number | null;
  /** The school year offered on acceptance (the family's own reading only). */
  schoolYear?: string | null;
}

export interface ApplicationListRow {
  id: number;
  parentId: number;
  studentName: string | null;
  applicationStatus: ApplicationStatus;
  submittedAt: Date | null;
  decidedAt: Date | null;
}

export interface ApplicationPage {
  rows: ApplicationListRow[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
}

export const MAX_APPLICATION_PAGE = 200;

/** Where a transcript is served (the caller sends their Authorization header). */
export const transcriptUrl = (id: number) => `/files/transcripts/${id}`;

export interface UploadedFile {
  originalname: string;
  buffer: Buffer;
  size: number;
}

export class AdmissionsService {
  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
    private readonly schools: SchoolsService,
    private readonly outbox: OutboxService,
    private readonly schoolYears: SchoolYearsService,
  ) {}

  // ---- the parent's side ----------------------------------------------------------------------

  /** The caller as an applicant: a parent of a school with the dual-school feature on. */
  private async applicant(ctx: RequestContext, action: AdmissionAction): Promise<User> {
    const user = authorize(ctx, can, action, null).user;
    authorize(ctx, can, action, { school: await ctx.loaders.schoolById.load(user.schoolId!) });
    return user;
  }

  async mine(ctx: RequestContext): Promise<ApplicationView> {
    const user = await this.applicant(ctx, 'viewOwnApplication');
    const app = await this.db.getRepository(Application).findOneBy({ parentId: user.id });
    // The year offered on acceptance, for the family's banners ("sign the contract for 2026-27").
    const year: { label: string }[] = app?.schoolYearId ? await this.db.query(`SELECT label FROM school_years WHERE id = $1`, [app.schoolYearId]) : [];
    return { ...this.view(user, app), schoolYear: year[0]?.label ?? null };
  }

  private view(parent: User, app: Application | null): ApplicationView {
    return {
      id: app?.id ?? null,
      applicationStatus: parent.applicationStatus ?? 'not_started',
      formData: app?.formData ?? [],
      submittedAt: app?.submittedAt ?? null,
      decidedAt: app?.decidedAt ?? null,
      decisionReason: app?.decisionReason ?? '',
      parentId: parent.id,
      schoolId: app?.schoolId ?? parent.schoolId,
    };
  }

  /** The parent row locked for this transaction (saves, uploads and decisions of one parent queue up). */
  private async lockParent(m: EntityManager, parentId: number): Promise<User> {
    const user = await m.getRepository(User).findOne({ where: { id: parentId }, lock: { mode: 'pessimistic_write' } });
    if (!user) throw notFound();
    return user;
  }

  private async applicationFor(m: EntityManager, parent: User): Promise<Application> {
    const repo = m.getRepository(Application);
    const found = await repo.findOneBy({ parentId: parent.id });
    if (found) return found;
    return repo.save(repo.create({ parentId: parent.id, schoolId: parent.schoolId!, formData: [] }));
  }

  /** PATCH /api/application/ and saveApplication: merge the records, move the status, check on submit. */
  async save(ctx: RequestContext, checked: Checked<ApplicationSave>): Promise<ApplicationView> {
    const applicant = await this.applicant(ctx, 'editOwnApplication');
    const { records, applicationStatus: target } = valid(checked);
    return this.db.transaction(async (m) => {
      const parent = await this.lockParent(m, applicant.id);
      if (!isEditable(parent.applicationStatus)) throw conflict(because(ADMISSION_MESSAGES.alreadySubmitted));
      if (!canMove(parent.applicationStatus, target)) throw conflict(because(ADMISSION_MESSAGES.alreadySubmitted));
      const app = await this.applicationFor(m, parent);
      const merged = mergeFormData(app.formData, records);
      if (target === 'complete') {
        const missing = missingRequired(mergeRecords(emptyValues(), merged));
        if (missing.length) throw badInput(because('APPLICATION_FIELDS_REQUIRED', { fields: missing.join(', ') }));
        app.submittedAt = new Date();
      }
      app.formData = merged;
      await m.getRepository(Application).save(app);
      await m.getRepository(User).update({ id: parent.id }, { applicationStatus: target });
      parent.applicationStatus = target;
      return this.view(parent, app);
    });
  }

  /** POST /api/application/: one transcript per request. */
  async upload(ctx: RequestContext, file: UploadedFile | undefined): Promise<TranscriptFile> {
    const applicant = await this.applicant(ctx, 'editOwnApplication');
    await limit(ctx, 'upload');
    if (!file) throw badInput(because(ADMISSION_MESSAGES.noFile));
    const fileName = sanitizeFileName(file.originalname);
    if (file.size > this.config.transcriptMaxBytes) throw badInput(ADMISSION_MESSAGES.tooLarge(this.config.transcriptMaxBytes));
    const checked = checkTranscript(fileName, file.buffer);
    if (!checked.ok) throw badInput(checked.message);
    return this.db.transaction(async (m) => {
      const parent = await this.lockParent(m, applicant.id);
      if (!isEditable(parent.applicationStatus)) throw conflict(because(ADMISSION_MESSAGES.alreadySubmitted));
      const app = await this.applicationFor(m, parent);
      const repo = m.getRepository(TranscriptFile);
      if ((await repo.countBy({ applicationId: app.id })) >= this.config.transcriptMaxFiles) {
        throw badInput(ADMISSION_MESSAGES.tooManyFiles(this.config.transcriptMaxFiles));
      }
      const { data: _bytes, ...saved } = await repo.save(
        repo.create({ applicationId: app.id, fileName, contentType: checked.mime, size: file.buffer.length, data: file.buffer }),
      );
      return saved as TranscriptFile;
    });
  }

  // ---- staff review ---------------------------------------------------------------------------

  /** Ids of the dual schools the caller (staff) reaches; anyone else is refused. */
  async reviewSchoolIds(ctx: RequestContext, action: AdmissionAction = 'review'): Promise<number[]> {
    const caller = authorize(ctx, can, action, null);
    const ids = await this.schools.accessibleSchoolIds(caller.user);
    const rows: { id: number }[] = ids.length ? await this.db.query(`SELECT id FROM schools WHERE id = ANY($1) AND dual_school_enabled`, [ids]) : [];
    const dualSchoolIds = rows.map((r) => r.id);
    authorize(ctx, can, action, { dualSchoolIds });
    return dualSchoolIds;
  }

  /** Staff: applications of their dual schools, newest submission first (drafts last), paged. */
  async list(ctx: RequestContext, q: { status?: string | null; first?: number | null; after?: string | null }): Promise<ApplicationPage> {
    const schoolIds = await this.reviewSchoolIds(ctx);
    const first = q.first ?? 50;
    if (!Number.isInteger(first) || first < 1 || first > MAX_APPLICATION_PAGE) throw badInput(because('PAGE_SIZE_RANGE', { max: MAX_APPLICATION_PAGE }));
    const offset = decodeCursor(q.after);
    const params: unknown[] = [schoolIds];
    let where = 'a.school_id = ANY($1)';
    if (q.status) {
      if (!['not_started', 'in_progress', 'complete', 'accepted', 'enrolled', 'declined', 'withdrawn'].includes(q.status))
        throw badInput(because('UNKNOWN_APPLICATION_STATUS'));
      params.push(q.status);
      where += ` AND coalesce(u.application_status, 'not_started') = $2`;
    }
    const [{ count }] = await this.db.query(`SELECT count(*)::int AS count FROM applications a JOIN users u ON u.id = a.parent_id WHERE ${where}`, params);
    const rows: ApplicationListRow[] = await this.db.query(
      `SELECT a.id, a.parent_id AS "parentId",
              (SELECT nullif(btrim(r->'data'->>'studentFullName'), '') FROM jsonb_array_elements(a.form_data) r WHERE r->>'step' = '1' LIMIT 1) AS "studentName",
              coalesce(u.application_status, 'not_started') AS "applicationStatus",
              a.submitted_at AS "submittedAt", a.decided_at AS "decidedAt"
         FROM applications a JOIN users u ON u.id = a.parent_id
        WHERE ${where}
        ORDER BY a.submitted_at DESC NULLS LAST, a.id DESC
        LIMIT ${first} OFFSET ${offset}`,
      params,
    );
    const next = offset + rows.length;
    return { rows, totalCount: count, endCursor: rows.length ? encodeCursor(next) : null, hasNextPage: next < count };
  }

  /** Staff: one application of their dual schools. */
  async getForStaff(ctx: RequestContext, id: unknown): Promise<ApplicationView> {
    const schoolIds = await this.reviewSchoolIds(ctx);
    const app = await this.db.getRepository(Application).findOneBy({ id: parseId(id, 'application') });
    if (!app) throw notFound(because('APPLICATION_NOT_FOUND'));
    authorize(ctx, can, 'review', { dualSchoolIds: schoolIds, application: app });
    const parent = await ctx.loaders.userById.load(app.parentId);
    if (!parent) throw notFound(because('APPLICATION_NOT_FOUND'));
    await recordAccess(this.db, ctx.caller, { studentId: parent.id, schoolId: app.schoolId, action: 'application_view', reason: 'admissions review' });
    return this.view(parent, app);
  }

  /** Staff: accept (complete -> accepted) or decline (complete -> declined, with a reason); the parent is emailed. */
  async decide(ctx: RequestContext, rawId: unknown, checked: Checked<Decision>): Promise<ApplicationView> {
    const caller = authorize(ctx, can, 'decide', null);
    const schoolIds = await this.reviewSchoolIds(ctx, 'decide');
    const id = parseId(rawId, 'application');
    const input = valid(checked);
    return this.db.transaction(async (m) => {
      const app = await m.getRepository(Application).findOneBy({ id });
      if (!app) throw notFound(because('APPLICATION_NOT_FOUND'));
      authorize(ctx, can, 'decide', { dualSchoolIds: schoolIds, application: app });
      const parent = await this.lockParent(m, app.parentId);
      if (parent.applicationStatus !== 'complete' || !canMove(parent.applicationStatus, input.decision)) {
        throw conflict(ADMISSION_MESSAGES.onlyComplete(input.decision));
      }
      // Accepting offers a school year: the one chosen (it must be this school's), else the earliest not ended.
      let schoolYear: string | null = null;
      if (input.decision === 'accepted') {
        const year = await this.schoolYears.offeredYear(m, app.schoolId, input.schoolYearId);
        if (input.schoolYearId !== null && year?.id !== input.schoolYearId) throw notFound(because(SCHOOL_YEAR_MESSAGES.notFound));
        if (!year) throw conflict(because(SCHOOL_YEAR_MESSAGES.notSet));
        app.schoolYearId = year.id;
        schoolYear = year.label;
      }
      app.decidedAt = new Date();
      app.decidedBy = caller.user.id;
      app.decisionReason = input.reason;
      await m.getRepository(Application).save(app);
      await m.getRepository(User).update({ id: parent.id }, { applicationStatus: input.decision });
      parent.applicationStatus = input.decision;
      const school = await m.getRepository(School).findOneBy({ id: app.schoolId });
      const email = decisionEmail(
        input.decision,
        parent,
        studentNameOf(app.formData),
        school?.name ?? 'Dual School',
        input.reason,
        this.config.publicUrl,
        schoolYear ?? '',
      );
      await this.outbox.enqueue('email', parent.email, email.subject, email.body, { schoolId: app.schoolId, userId: parent.id }, m);
      return this.view(parent, app);
    });
  }

  // ---- transcripts ----------------------------------------------------------------------------

  /** The transcripts of one application, for its parent or its staff (the GraphQL field batches them). */
  async transcriptsOf(ctx: RequestContext, view: ApplicationView): Promise<TranscriptFile[]> {
    if (view.id === null) return [];
    return ctx.loaders.transcriptsByApplicationId.load(view.id);
  }

  /** A stored transcript with its bytes, for the parent who uploaded it or staff of its dual school. */
  async transcriptFile(ctx: RequestContext, id: unknown): Promise<TranscriptFile> {
    const caller = requireCaller(ctx);
    const meta = await this.db.getRepository(TranscriptFile).findOneBy({ id: parseId(id, 'transcript file') });
    if (!meta) throw notFound(because(ADMISSION_MESSAGES.fileNotFound));
    const app = await this.db.getRepository(Application).findOneBy({ id: meta.applicationId });
    if (!app) throw notFound(because(ADMISSION_MESSAGES.fileNotFound));
    // Staff: the dual schools they review (refused when none).
    const dualSchoolIds = caller.user.userType === UserType.Staff ? await this.reviewSchoolIds(ctx) : [];
    authorize(ctx, can, 'viewTranscript', { dualSchoolIds, application: app });
    if (caller.user.userType === UserType.Staff) {
      await recordAccess(this.db, caller, { studentId: app.parentId, schoolId: app.schoolId, action: 'transcript_download', reason: 'admissions review' });
    }
    const full = await this.db
      .getRepository(TranscriptFile)
      .findOne({ where: { id: meta.id }, select: { id: true, fileName: true, contentType: true, size: true, data: true, applicationId: true, createdAt: true } });
    return full!;
  }
}

export function studentNameOf(formData: StepRecord[]): string | null {
  const name = formData.find((r) => r.step === 1)?.data?.studentFullName;
  return typeof name === 'string' && name.trim() ? name.trim() : null;
}

/** The decision email, in the parent's language (their account's locale). */
export function decisionEmail(
  decision: 'accepted' | 'declined',
  parent: Pick<User, 'firstName' | 'lastName' | 'locale'>,
  studentName: string | null,
  schoolName: string,
  reason: string,
  publicUrl: string,
  schoolYear = '',
): { subject: string; body: string } {
  const locale = parent.locale;
  const who = studentName ?? message(locale, 'email.admission.yourStudent');
  const parentName = `${parent.firstName} ${parent.lastName}`.trim();
  const greeting = parentName ? message(locale, 'email.admission.greeting', { parentName }) : message(locale, 'email.admission.greetingNoName');
  const signature = message(locale, 'email.admission.signature', { schoolName });
  if (decision === 'accepted') {
    return {
      subject: message(locale, 'email.admissionAccepted.subject', { schoolName }),
      body: [
        greeting,
        '',
        message(locale, 'email.admissionAccepted.body', { studentName: who, schoolName, schoolYear, contractLink: `${publicUrl}/enrollment-contract` }),
        ...(reason ? ['', message(locale, 'email.admissionAccepted.note', { reason })] : []),
        '',
        signature,
      ].join('\n'),
    };
  }
  return {
    subject: message(locale, 'email.admissionDeclined.subject', { schoolName }),
    body: [greeting, '', message(locale, 'email.admissionDeclined.body', { studentName: who, schoolName, reason }), '', signature].join('\n'),
  };
}
