/**
 * The enrollment contract: the parent of an accepted application places the 11 required
 * signatures and initials, the server draws them into the contract PDF (stored in the database),
 * and completion enrolls the family and makes the annual tuition due, in one transaction.
 *
 * Rules (ours): only a parent (type 3, own token, not a read-only view) at a dual school whose
 * application_status is accepted signs, once; a completed contract is immutable (409). The PDF
 * is readable by that parent and by staff of the family's dual school; to anyone else it does
 * not exist (404).
 * Decisions where the spec says "not shown": the PDF prints the account's own name and email
 * (userInfo from the browser is checked for shape only); the PDF may be regenerated any number
 * of times before completion (the last one counts); completion needs a generated PDF.
 *
 * School years: an accepted family signs for the year admissions chose for the application (else
 * the school's earliest year not ended: school-years.service.ts). Drawing the PDF records that
 * year's terms on the contract, and the PDF prints them; completion bills from those recorded terms,
 * so a later change to the year never changes what a family signed. A family enrolled whose
 * enrollment has not ended re-enrolls by signing the next year's contract (a new contract; the
 * application is not repeated) once staff have set that year up and re-enrollment has opened
 * (REENROLLMENT_OPENS_MONTHS before it starts); until then their signed contract is all there is.
 */
import { today } from '../../core/clock.js';
import { recordAccess } from '../access-log/record-access.js';
import { limit } from '../../core/rate-limit.js';
import { IsNull, Not, type DataSource, type EntityManager } from 'typeorm';
import type { Config } from '../../config.js';
import type { RequestContext } from '../../context.js';
import { AppError, badInput, conflict, notFound, because } from '../../core/errors.js';
import { parseUuid } from '../../core/ids.js';
import { authorize, permits, requireCaller } from '../../core/policy.js';
import { can, CONTRACT_POLICY_MESSAGES } from './contracts.policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { CONTRACT_INPUT_MESSAGES, type PlacedContract } from './contract-input.js';
import { User } from '../accounts/user.entity.js';
import type { PaymentsService } from '../payments/payments.service.js';
import { School } from '../schools/school.entity.js';
import { readerLocale } from '../accounts/reader-locale.js';
import { renderContractPdf } from './contract-pdf.js';
import { contractDocument, missingSpots, sampleTerms } from './contract-text.js';
import type { SchoolYearsService } from '../school-years/school-years.service.js';
import { SCHOOL_YEAR_MESSAGES } from '../school-years/school-year-rules.js';
import { yearTerms, type SchoolYear } from '../school-years/school-year.entity.js';
import { addMonths, type YearTerms } from '../payments/pricing.js';
import { contractPdfUrl, EnrollmentContract } from './enrollment-contract.entity.js';

export const CONTRACT_MESSAGES = {
  ...CONTRACT_POLICY_MESSAGES,
  completed: 'CONTRACT_COMPLETED',
  ...CONTRACT_INPUT_MESSAGES,
  notGenerated: 'CONTRACT_NOT_GENERATED',
  yearNotSet: SCHOOL_YEAR_MESSAGES.notSet,
} as const;

/** Re-enrollment for the next year opens this many months before it starts (spring, for an August start). */
export const REENROLLMENT_OPENS_MONTHS = 6;

/** unsigned: no PDF yet; generated: the PDF is drawn, not signed; completed: signed, immutable. */
export const CONTRACT_STATUSES = ['unsigned', 'generated', 'completed'] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export interface ContractView {
  id: string;
  studentName: string;
  status: ContractStatus;
  pdfUrl: string | null;
  completedAt: Date | null;
  placedSignatures: Record<string, string>;
  /** The school year's label (2026-27) once the contract has a year. */
  schoolYear: string | null;
  /** The terms it was drawn (and, completed, signed) under. */
  terms: YearTerms | null;
  endedAt: Date | null;
}

export interface ReEnrollmentOffer {
  schoolYear: string;
  /** YYYY-MM-DD */
  startsOn: string;
  annualTuitionCents: number;
  /** YYYY-MM-DD */
  tuitionDueOn: string;
}

export class ContractsService {
  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
    private readonly payments: PaymentsService,
    private readonly schoolYears: SchoolYearsService,
  ) {}

  /**
   * The contract text in the reader's language (contract-text.ts says what is translated), under the
   * terms the reader's contract has or would be signed under; anyone else reads it under the current
   * school year with the spec's figures.
   */
  async document(ctx: RequestContext) {
    const locale = await readerLocale(ctx);
    const terms = ctx.caller && permits(ctx.caller, can, 'viewOwn', null) ? await this.familyTerms(ctx.caller.user.id) : null;
    return contractDocument(locale, terms ?? sampleTerms());
  }

  /** The terms the family's contract shows: its own once drawn, else those of the year it would sign for. */
  private async familyTerms(parentId: number): Promise<YearTerms | null> {
    const current = await currentContract(this.db.manager, parentId);
    if (current?.terms && !current.completedAt) return current.terms;
    const user = await this.db.getRepository(User).findOneBy({ id: parentId });
    if (!user?.schoolId) return current?.terms ?? null;
    const year = await this.yearToSign(this.db.manager, user, user.schoolId).catch(() => null);
    return year ? yearTerms(year) : (current?.terms ?? null);
  }

  /** The caller's own contract (parents): the one being signed, else the latest signed; null when there is none yet. */
  async mine(ctx: RequestContext): Promise<ContractView | null> {
    const caller = requireCaller(ctx);
    if (!permits(caller, can, 'viewOwn', null)) return null;
    const c = await currentContract(this.db.manager, caller.user.id);
    return c ? contractView(c) : null;
  }

  /**
   * The next year's contract an enrolled family is offered (re-enrollment): its year and tuition,
   * once re-enrollment has opened and until it is signed; null for anyone else.
   */
  async reEnrollmentOffer(ctx: RequestContext): Promise<ReEnrollmentOffer | null> {
    const caller = requireCaller(ctx);
    if (!permits(caller, can, 'viewOwn', null)) return null;
    const user = await this.db.getRepository(User).findOneBy({ id: caller.user.id });
    if (!user || user.applicationStatus !== 'enrolled' || user.schoolId === null) return null;
    let year: SchoolYear;
    try {
      year = await this.yearToSign(this.db.manager, user, user.schoolId);
    } catch (e) {
      // Nothing to offer (no next year, not open yet, the enrollment ended): the refusal signing would give.
      if (e instanceof AppError && e.code === 'CONFLICT') return null;
      throw e;
    }
    const signed = await this.db.getRepository(EnrollmentContract).findOneBy({ parentId: user.id, schoolYearId: year.id });
    if (signed?.completedAt) return null;
    const terms = yearTerms(year);
    return { schoolYear: terms.label, startsOn: terms.startsOn, annualTuitionCents: terms.annualTuitionCents, tuitionDueOn: terms.tuitionDueOn };
  }

  /**
   * The year the parent signs for: accepted, the year of the application (or the school's earliest
   * not ended); enrolled, the year after their latest signed contract's (re-enrollment), refused
   * while the school has not set it up or once the enrollment has ended.
   */
  private async yearToSign(m: EntityManager, user: User, schoolId: number): Promise<SchoolYear> {
    if (user.applicationStatus === 'enrolled') {
      const signed = await m.getRepository(EnrollmentContract).findOne({ where: { parentId: user.id, completedAt: Not(IsNull()) }, order: { completedAt: 'DESC' } });
      if (!signed || signed.endedAt || !signed.terms) throw conflict(because(CONTRACT_MESSAGES.completed));
      const next = await this.schoolYears.yearAfter(m, { schoolId, startsOn: signed.terms.startsOn });
      // Nothing to sign until re-enrollment opens: the contract signed stays the family's.
      if (!next || today() < addMonths(next.startsOn, -REENROLLMENT_OPENS_MONTHS)) throw conflict(because(CONTRACT_MESSAGES.completed));
      return next;
    }
    const chosen: { school_year_id: number | null }[] = await m.query(`SELECT school_year_id FROM applications WHERE parent_id = $1`, [user.id]);
    const year = await this.schoolYears.offeredYear(m, schoolId, chosen[0]?.school_year_id ?? null);
    if (!year) throw conflict(because(CONTRACT_MESSAGES.yearNotSet));
    return year;
  }

  /** The signer, checked: a parent writing for themselves, at a dual school, application accepted (or enrolled, re-enrolling); and the year signed for. */
  private async requireSigner(ctx: RequestContext): Promise<{ user: User; school: School; year: SchoolYear }> {
    const caller = authorize(ctx, can, 'sign', null);
    const user = await this.db.getRepository(User).findOneByOrFail({ id: caller.user.id });
    const school = user.schoolId === null ? null : await this.db.getRepository(School).findOneBy({ id: user.schoolId });
    authorize(ctx, can, 'sign', { school });
    authorize(ctx, can, 'sign', { applicationStatus: user.applicationStatus });
    const year = await this.yearToSign(this.db.manager, user, school!.id);
    const signed = await this.db.getRepository(EnrollmentContract).findOneBy({ parentId: user.id, schoolYearId: year.id });
    if (signed?.completedAt) throw conflict(because(CONTRACT_MESSAGES.completed));
    return { user, school: school!, year };
  }

  /** POST /api/generate-enrollment-contract-pdf/: draws the placements into the PDF and stores it. */
  async generatePdf(ctx: RequestContext, input: Checked<PlacedContract>): Promise<{ id: string; pdfUrl: string }> {
    const { user, school, year } = await this.requireSigner(ctx);
    await limit(ctx, 'upload');
    const { placed: clean, signedAt } = valid(input);

    const repo = this.db.getRepository(EnrollmentContract);
    // The contract being signed is for this year (one made before the year was known takes it);
    // a re-enrolling family's new contract names the student of the one before.
    await this.db.query(`UPDATE enrollment_contracts SET school_year_id = $2 WHERE parent_id = $1 AND completed_at IS NULL AND school_year_id IS DISTINCT FROM $2`, [
      user.id,
      year.id,
    ]);
    await this.db.query(
      `INSERT INTO enrollment_contracts (parent_id, school_id, school_year_id, student_name)
       SELECT $1, $2, $3, coalesce((SELECT student_name FROM enrollment_contracts WHERE parent_id = $1 AND completed_at IS NOT NULL ORDER BY completed_at DESC LIMIT 1), '')
       ON CONFLICT DO NOTHING`,
      [user.id, school.id, year.id],
    );
    // The student's name comes from the accepted application (step 1, studentFullName) when the contract has none.
    await this.db.query(
      `UPDATE enrollment_contracts c
          SET student_name = btrim(e.elem->'data'->>'studentFullName')
         FROM applications a, jsonb_array_elements(a.form_data) AS e(elem)
        WHERE c.parent_id = $1 AND a.parent_id = $1 AND c.student_name = '' AND c.completed_at IS NULL
          AND e.elem->>'step' = '1' AND coalesce(btrim(e.elem->'data'->>'studentFullName'), '') <> ''`,
      [user.id],
    );
    const contract = await repo.findOneByOrFail({ parentId: user.id, schoolYearId: year.id });
    const terms = yearTerms(year);
    const parentName = `${user.firstName} ${user.lastName}`.trim();
    // Drawn in the signer's language; the stored PDF keeps it.
    const locale = await readerLocale(ctx);
    const pdf = await renderContractPdf({
      document: contractDocument(locale, terms),
      placed: clean,
      studentName: contract.studentName,
      parentName,
      parentEmail: user.email,
      completionDate: signedAt,
      publicUrl: this.config.publicUrl,
      locale,
    });
    // Only an uncompleted contract changes: a completion racing this request wins.
    const result = await this.db.query(
      `UPDATE enrollment_contracts
          SET placed_signatures = $2, signer_name = $3, signer_email = $4, signed_at = $5, pdf = $6, pdf_generated_at = now(), updated_at = now(), terms = $7
        WHERE id = $1 AND completed_at IS NULL`,
      [contract.id, JSON.stringify(clean), parentName, user.email, signedAt, Buffer.from(pdf), JSON.stringify(terms)],
    );
    const affected = Array.isArray(result) ? Number(result[1] ?? 0) : 0;
    if (affected === 0) throw conflict(because(CONTRACT_MESSAGES.completed));
    return { id: contract.id, pdfUrl: contractPdfUrl(contract.id) };
  }

  /** POST /api/enrollment-contract-completion/: the family is enrolled and the tuition falls due. */
  async complete(ctx: RequestContext): Promise<{ applicationStatus: 'enrolled'; completedAt: Date }> {
    const { user, year } = await this.requireSigner(ctx);
    return this.db.transaction(async (m) => {
      const contract = await m
        .getRepository(EnrollmentContract)
        .createQueryBuilder('c')
        .addSelect('c.pdf')
        .setLock('pessimistic_write')
        .where('c.parent_id = :id AND c.school_year_id = :year', { id: user.id, year: year.id })
        .getOne();
      if (!contract?.pdf || !contract.terms) throw badInput(because(CONTRACT_MESSAGES.notGenerated));
      if (contract.completedAt) throw conflict(because(CONTRACT_MESSAGES.completed));
      const missing = missingSpots(contract.placedSignatures);
      if (missing.length) throw badInput(CONTRACT_MESSAGES.missing(missing));
      const locked: { application_status: string | null }[] = await m.query(`SELECT application_status FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
      authorize(ctx, can, 'sign', { applicationStatus: locked[0]?.application_status ?? null });
      const completedAt = new Date();
      await m.update(EnrollmentContract, { id: contract.id }, { completedAt });
      await m.update(User, { id: user.id }, { applicationStatus: 'enrolled' });
      await this.payments.createTuitionDue(m, {
        familyId: user.id,
        schoolId: contract.schoolId,
        contractId: contract.id,
        schoolYearId: year.id,
        terms: contract.terms,
        signedOn: completedAt.toISOString().slice(0, 10),
      });
      return { applicationStatus: 'enrolled' as const, completedAt };
    });
  }

  /** GET /files/contracts/{id}.pdf: the parent, or staff of the family's dual school. */
  async pdfFile(ctx: RequestContext, id: string): Promise<{ bytes: Buffer; filename: string }> {
    const caller = requireCaller(ctx);
    const contract = await this.db
      .getRepository(EnrollmentContract)
      .createQueryBuilder('c')
      .addSelect('c.pdf')
      .where('c.id = :id', { id: parseUuid(id, 'contract') })
      .getOne();
    if (!contract?.pdf) throw notFound();
    const object = { parentId: contract.parentId, staffSees: false };
    const own = permits(caller, can, 'downloadPdf', object);
    if (!own) object.staffSees = await this.payments.staffSeesSchool(ctx, contract.schoolId);
    authorize(ctx, can, 'downloadPdf', object);
    if (!own)
      await recordAccess(this.db, caller, {
        studentId: contract.parentId,
        schoolId: contract.schoolId,
        action: 'contract_download',
        reason: 'enrollment contract download by staff',
      });
    return { bytes: contract.pdf, filename: `enrollment-contract-${contract.id}.pdf` };
  }
}

export function contractView(c: EnrollmentContract): ContractView {
  return {
    id: c.id,
    studentName: c.studentName,
    status: c.completedAt ? 'completed' : c.pdfGeneratedAt ? 'generated' : 'unsigned',
    pdfUrl: c.pdfGeneratedAt ? contractPdfUrl(c.id) : null,
    completedAt: c.completedAt,
    placedSignatures: c.placedSignatures,
    schoolYear: c.terms?.label ?? null,
    terms: c.terms,
    endedAt: c.endedAt,
  };
}

/** The family's contract being signed, else its latest signed one. */
export function currentContract(m: EntityManager, parentId: number): Promise<EnrollmentContract | null> {
  return m
    .getRepository(EnrollmentContract)
    .createQueryBuilder('c')
    .where('c.parent_id = :parentId', { parentId })
    .orderBy('c.completed_at IS NULL', 'DESC')
    .addOrderBy('c.completed_at', 'DESC')
    .getOne();
}
