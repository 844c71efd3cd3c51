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
 */
import { recordAccess } from '../access-log/record-access.js';
import { limit } from '../../core/rate-limit.js';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config.js';
import type { RequestContext } from '../../context.js';
import { badInput, conflict, notFound, because } from '../../core/errors.js';
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
import { contractDocument, missingSpots } from './contract-text.js';
import { contractPdfUrl, EnrollmentContract } from './enrollment-contract.entity.js';

export const CONTRACT_MESSAGES = {
  ...CONTRACT_POLICY_MESSAGES,
  completed: 'CONTRACT_COMPLETED',
  ...CONTRACT_INPUT_MESSAGES,
  notGenerated: 'CONTRACT_NOT_GENERATED',
} as const;

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
}

export class ContractsService {
  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
    private readonly payments: PaymentsService,
  ) {}

  /** The contract text in the reader's language (contract-text.ts says what is translated). */
  async document(ctx: RequestContext) {
    return contractDocument(await readerLocale(ctx));
  }

  /** The caller's own contract (parents), or null when there is none yet. */
  async mine(ctx: RequestContext): Promise<ContractView | null> {
    const caller = requireCaller(ctx);
    if (!permits(caller, can, 'viewOwn', null)) return null;
    const c = await this.db.getRepository(EnrollmentContract).findOneBy({ parentId: caller.user.id });
    return c ? contractView(c) : null;
  }

  /** The signer, checked: a parent writing for themselves, at a dual school, application accepted. */
  private async requireSigner(ctx: RequestContext): Promise<{ user: User; school: School }> {
    const caller = authorize(ctx, can, 'sign', null);
    const user = await this.db.getRepository(User).findOneByOrFail({ id: caller.user.id });
    const school = user.schoolId === null ? null : await this.db.getRepository(School).findOneBy({ id: user.schoolId });
    authorize(ctx, can, 'sign', { school });
    const existing = await this.db.getRepository(EnrollmentContract).findOneBy({ parentId: user.id });
    if (existing?.completedAt) throw conflict(because(CONTRACT_MESSAGES.completed));
    authorize(ctx, can, 'sign', { applicationStatus: user.applicationStatus });
    return { user, school: school! };
  }

  /** POST /api/generate-enrollment-contract-pdf/: draws the placements into the PDF and stores it. */
  async generatePdf(ctx: RequestContext, input: Checked<PlacedContract>): Promise<{ id: string; pdfUrl: string }> {
    const { user, school } = await this.requireSigner(ctx);
    await limit(ctx, 'upload');
    const { placed: clean, signedAt } = valid(input);

    const repo = this.db.getRepository(EnrollmentContract);
    await this.db.query(`INSERT INTO enrollment_contracts (parent_id, school_id) VALUES ($1, $2) ON CONFLICT (parent_id) DO NOTHING`, [user.id, school.id]);
    // The student's name comes from the accepted application (step 1, studentFullName) when the contract has none.
    await this.db.query(
      `UPDATE enrollment_contracts c
          SET student_name = btrim(e.elem->'data'->>'studentFullName')
         FROM applications a, jsonb_array_elements(a.form_data) AS e(elem)
        WHERE c.parent_id = $1 AND a.parent_id = $1 AND c.student_name = '' AND c.completed_at IS NULL
          AND e.elem->>'step' = '1' AND coalesce(btrim(e.elem->'data'->>'studentFullName'), '') <> ''`,
      [user.id],
    );
    const contract = await repo.findOneByOrFail({ parentId: user.id });
    const parentName = `${user.firstName} ${user.lastName}`.trim();
    // Drawn in the signer's language; the stored PDF keeps it.
    const locale = await readerLocale(ctx);
    const pdf = await renderContractPdf({
      document: contractDocument(locale),
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
          SET placed_signatures = $2, signer_name = $3, signer_email = $4, signed_at = $5, pdf = $6, pdf_generated_at = now(), updated_at = now()
        WHERE id = $1 AND completed_at IS NULL`,
      [contract.id, JSON.stringify(clean), parentName, user.email, signedAt, Buffer.from(pdf)],
    );
    const affected = Array.isArray(result) ? Number(result[1] ?? 0) : 0;
    if (affected === 0) throw conflict(because(CONTRACT_MESSAGES.completed));
    return { id: contract.id, pdfUrl: contractPdfUrl(contract.id) };
  }

  /** POST /api/enrollment-contract-completion/: the family is enrolled and the tuition falls due. */
  async complete(ctx: RequestContext): Promise<{ applicationStatus: 'enrolled'; completedAt: Date }> {
    const { user } = await this.requireSigner(ctx);
    return this.db.transaction(async (m) => {
      const contract = await m
        .getRepository(EnrollmentContract)
        .createQueryBuilder('c')
        .addSelect('c.pdf')
        .setLock('pessimistic_write')
        .where('c.parent_id = :id', { id: user.id })
        .getOne();
      if (!contract?.pdf) throw badInput(because(CONTRACT_MESSAGES.notGenerated));
      if (contract.completedAt) throw conflict(because(CONTRACT_MESSAGES.completed));
      const missing = missingSpots(contract.placedSignatures);
      if (missing.length) throw badInput(CONTRACT_MESSAGES.missing(missing));
      const locked: { application_status: string | null }[] = await m.query(`SELECT application_status FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
      authorize(ctx, can, 'sign', { applicationStatus: locked[0]?.application_status ?? null });
      const completedAt = new Date();
      await m.update(EnrollmentContract, { id: contract.id }, { completedAt });
      await m.update(User, { id: user.id }, { applicationStatus: 'enrolled' });
      await this.payments.createTuitionDue(m, { familyId: user.id, schoolId: contract.schoolId, contractId: contract.id });
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
  };
}
