/**
 * The Dual School's school years, as data: admissions staff (staff of the dual school) list,
 * create and change them; every change is logged with the year before and after. Contracts,
 * admissions and the demo read them here.
 *
 * Decisions where the issue is silent:
 * - A new year needs only its label: the dates default to the school's usual calendar (starts
 *   15 August, ends 15 June, tuition due 1 August, ten monthly payments on the 1st from August;
 *   pricing.ts proposedSchoolYear) and the amounts to attachment A's (SPEC_TERMS).
 * - Changing a year never changes a signed contract: each contract keeps the terms it was signed
 *   under (enrollment_contracts.terms). The year's own row simply holds what new contracts get.
 * - The year offered to a family: the one admissions chose for the application; otherwise the
 *   earliest year of the school that has not ended (so nobody is offered a past year).
 */
import { today } from '../../core/clock.js';
import type { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { badInput, because, conflict, notFound } from '../../core/errors.js';
import { parseId } from '../../core/ids.js';
import { authorize } from '../../core/policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { can } from '../payments/payments.policy.js';
import type { PaymentsService } from '../payments/payments.service.js';
import { proposedSchoolYear, SPEC_TERMS, type YearTerms } from '../payments/pricing.js';
import { School } from '../schools/school.entity.js';
import { checkWholeYear, type SchoolYearInput } from './school-year-input.js';
import { rowOf, SCHOOL_YEAR_MESSAGES } from './school-year-rules.js';

export { SCHOOL_YEAR_MESSAGES };
import { SchoolYear, SchoolYearChange, yearTerms } from './school-year.entity.js';

export class SchoolYearsService {
  constructor(
    private readonly db: DataSource,
    private readonly payments: PaymentsService,
  ) {}

  /** The years of the dual schools the staff member works at (or of one of them), oldest first. */
  async list(ctx: RequestContext, rawSchoolId?: unknown): Promise<SchoolYear[]> {
    const dualSchoolIds = await this.payments.staffDualSchoolIds(ctx, 'viewFamilies');
    const schoolIds = rawSchoolId === undefined || rawSchoolId === null ? dualSchoolIds : [parseId(rawSchoolId, 'school')];
    for (const schoolId of schoolIds) authorize(ctx, can, 'viewFamilies', { dualSchoolIds, schoolId });
    return this.db
      .getRepository(SchoolYear)
      .createQueryBuilder('y')
      .where('y.school_id IN (:...schoolIds)', { schoolIds })
      .orderBy('y.starts_on', 'ASC')
      .addOrderBy('y.id', 'ASC')
      .getMany();
  }

  /** One year a staff member of its school may read (another school's is not found). */
  async get(ctx: RequestContext, rawId: unknown, action: 'viewFamilies' | 'manageSchoolYears' = 'viewFamilies', m: EntityManager = this.db.manager): Promise<SchoolYear> {
    const dualSchoolIds = await this.payments.staffDualSchoolIds(ctx, action);
    const year = await m.getRepository(SchoolYear).findOneBy({ id: parseId(rawId, 'school year') });
    if (!year) throw notFound(because(SCHOOL_YEAR_MESSAGES.notFound));
    authorize(ctx, can, action, { dualSchoolIds, schoolId: year.schoolId });
    return year;
  }

  async changes(ctx: RequestContext, rawId: unknown): Promise<SchoolYearChange[]> {
    const year = await this.get(ctx, rawId);
    return this.db.getRepository(SchoolYearChange).find({ where: { schoolYearId: year.id }, order: { changedAt: 'DESC', id: 'DESC' } });
  }

  async create(ctx: RequestContext, rawSchoolId: unknown, checked: Checked<SchoolYearInput>): Promise<SchoolYear> {
    const dualSchoolIds = await this.payments.staffDualSchoolIds(ctx, 'manageSchoolYears');
    const schoolId = parseId(rawSchoolId, 'school');
    const caller = authorize(ctx, can, 'manageSchoolYears', { dualSchoolIds, schoolId });
    const input = valid(checked);
    if (!input.label) throw badInput(because(SCHOOL_YEAR_MESSAGES.labelRequired));
    const proposed = proposedSchoolYear(Number(input.label.slice(0, 4)));
    const after: YearTerms = { ...SPEC_TERMS, ...proposed, ...definedOf(input), label: input.label };
    checkWholeYear(after);
    return this.db.transaction(async (m) => {
      const taken = await m.getRepository(SchoolYear).findOneBy({ schoolId, label: after.label });
      if (taken) throw conflict(SCHOOL_YEAR_MESSAGES.labelTaken(after.label));
      const year = await m.getRepository(SchoolYear).save(m.getRepository(SchoolYear).create({ schoolId, ...rowOf(after) }));
      await m.getRepository(SchoolYearChange).insert({ schoolYearId: year.id, changedBy: caller.user.id, before: null, after });
      return year;
    });
  }

  async update(ctx: RequestContext, rawId: unknown, checked: Checked<SchoolYearInput>): Promise<SchoolYear> {
    const existing = await this.get(ctx, rawId, 'manageSchoolYears');
    const caller = authorize(ctx, can, 'manageSchoolYears', null);
    const input = valid(checked);
    return this.db.transaction(async (m) => {
      const year = await m.getRepository(SchoolYear).createQueryBuilder('y').setLock('pessimistic_write').where('y.id = :id', { id: existing.id }).getOneOrFail();
      const before = yearTerms(year);
      const after: YearTerms = { ...before, ...definedOf(input) };
      checkWholeYear(after);
      if (after.label !== before.label) {
        const taken = await m.getRepository(SchoolYear).findOneBy({ schoolId: year.schoolId, label: after.label });
        if (taken) throw conflict(SCHOOL_YEAR_MESSAGES.labelTaken(after.label));
      }
      if (JSON.stringify(after) === JSON.stringify(before)) return year;
      await m.getRepository(SchoolYear).update({ id: year.id }, rowOf(after));
      await m.getRepository(SchoolYearChange).insert({ schoolYearId: year.id, changedBy: caller.user.id, before, after });
      return m.getRepository(SchoolYear).findOneByOrFail({ id: year.id });
    });
  }

  /** The school's late-fee grace period, in days after a due date (staff of the school). */
  async setGraceDays(ctx: RequestContext, rawSchoolId: unknown, checked: Checked<number>): Promise<number> {
    const dualSchoolIds = await this.payments.staffDualSchoolIds(ctx, 'manageSchoolYears');
    const schoolId = parseId(rawSchoolId, 'school');
    authorize(ctx, can, 'manageSchoolYears', { dualSchoolIds, schoolId });
    const days = valid(checked);
    await this.db.getRepository(School).update({ id: schoolId }, { lateFeeGraceDays: days });
    return days;
  }

  async graceDays(ctx: RequestContext, rawSchoolId: unknown): Promise<number> {
    const dualSchoolIds = await this.payments.staffDualSchoolIds(ctx, 'viewFamilies');
    const schoolId = parseId(rawSchoolId, 'school');
    authorize(ctx, can, 'viewFamilies', { dualSchoolIds, schoolId });
    return (await this.db.getRepository(School).findOneByOrFail({ id: schoolId })).lateFeeGraceDays;
  }

  // ---- for other services (no caller: they checked theirs) -----------------------------------

  /** The year a family of `schoolId` is offered: the chosen one when it is the school's, else the earliest not ended. */
  async offeredYear(m: EntityManager, schoolId: number, chosenId: number | null, on = today()): Promise<SchoolYear | null> {
    if (chosenId !== null) {
      const chosen = await m.getRepository(SchoolYear).findOneBy({ id: chosenId, schoolId });
      if (chosen) return chosen;
    }
    return m
      .getRepository(SchoolYear)
      .createQueryBuilder('y')
      .where('y.school_id = :schoolId AND y.ends_on >= :on', { schoolId, on })
      .orderBy('y.starts_on', 'ASC')
      .getOne();
  }

  /** The school's year that starts after `year` does (re-enrollment), or null when none is set up yet. */
  async yearAfter(m: EntityManager, year: { schoolId: number; startsOn: string }): Promise<SchoolYear | null> {
    return m
      .getRepository(SchoolYear)
      .createQueryBuilder('y')
      .where('y.school_id = :schoolId AND y.starts_on > :startsOn', { schoolId: year.schoolId, startsOn: year.startsOn })
      .orderBy('y.starts_on', 'ASC')
      .getOne();
  }
}

/** The fields a caller gave (undefined ones left out, so they keep their value). */
function definedOf(input: SchoolYearInput): Partial<YearTerms> {
  return Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as Partial<YearTerms>;
}
