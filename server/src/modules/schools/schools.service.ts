/** Schools: listing, creating (staff), joining, school of record, graduation pathway, the schools a user reaches. */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { badInput, notFound, because } from '../../core/errors.js';
import { authorize, permits } from '../../core/policy.js';
import { can, SCHOOL_POLICY_MESSAGES } from './schools.policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { SCHOOL_INPUT_MESSAGES, type GraduationPathwayChoice, type PlanApprovalChoice, type SchoolCreate, type AutoPlanSettings } from './school-input.js';
import { parseUuid } from '../../core/ids.js';
import { User, UserType } from '../accounts/user.entity.js';
import { Pathway } from '../pathways/pathway.entity.js';
import { defaultYearLabels, School, SchoolMembership } from './school.entity.js';
import { ownSchoolIds } from './reach.js';

export const SCHOOL_MESSAGES = {
  nameRequired: SCHOOL_INPUT_MESSAGES.nameRequired,
  stateRequired: SCHOOL_INPUT_MESSAGES.stateRequired,
  typeInvalid: SCHOOL_INPUT_MESSAGES.typeInvalid,
  selectSchool: 'SELECT_SCHOOL',
  ...SCHOOL_POLICY_MESSAGES,
} as const;

export class SchoolsService {
  constructor(private readonly db: DataSource) {}

  async list(ctx: RequestContext): Promise<School[]> {
    authorize(ctx, can, 'list', null);
    return this.db.getRepository(School).find({ order: { name: 'ASC' } });
  }

  async byUuid(uuid: string): Promise<School> {
    const school = await this.db.getRepository(School).findOneBy({ uuid: parseUuid(uuid, 'school') });
    if (!school) throw notFound(because('SCHOOL_NOT_FOUND'));
    return school;
  }

  /** Staff create a school and become its member; the client then makes it their school of record. */
  async create(ctx: RequestContext, checked: Checked<SchoolCreate>): Promise<School> {
    const caller = authorize(ctx, can, 'create', null);
    const input = valid(checked);
    return this.db.transaction(async (m) => {
      const school = await m.getRepository(School).save(m.getRepository(School).create({ name: input.name, schoolType: input.schoolType, location: input.location }));
      await m.getRepository(SchoolMembership).insert({ userId: caller.user.id, schoolId: school.id });
      return school;
    });
  }

  /**
   * Students and staff join a school. A student's school of record becomes it, with its year
   * labels; a staff member gains access and keeps their school of record unless they had none.
   */
  async join(ctx: RequestContext, uuid: string): Promise<School> {
    const caller = authorize(ctx, can, 'join', null);
    if (!uuid) throw badInput(because(SCHOOL_MESSAGES.selectSchool));
    const school = await this.byUuid(uuid);
    const object = { schoolId: school.id, member: false };
    // Membership is looked up only when the rule needs it (staff joining another school).
    if (!permits(caller, can, 'join', object)) {
      object.member = await this.db.getRepository(SchoolMembership).existsBy({ userId: caller.user.id, schoolId: school.id });
    }
    authorize(ctx, can, 'join', object);
    await this.db.transaction(async (m) => {
      await m.query(`INSERT INTO school_memberships (user_id, school_id) VALUES ($1, $2) ON CONFLICT (user_id, school_id) DO NOTHING`, [caller.user.id, school.id]);
      if (caller.user.userType === UserType.Student) {
        await m.getRepository(User).update({ id: caller.user.id }, { schoolId: school.id, academicYearLabels: defaultYearLabels(school.schoolType) });
      } else if (caller.user.schoolId === null) {
        await m.getRepository(User).update({ id: caller.user.id }, { schoolId: school.id });
      }
    });
    return school;
  }

  async setSchoolOfRecord(ctx: RequestContext, uuid: string): Promise<School> {
    const caller = authorize(ctx, can, 'setSchoolOfRecord', null);
    const school = await this.byUuid(uuid);
    const member = await this.db.getRepository(SchoolMembership).existsBy({ userId: caller.user.id, schoolId: school.id });
    authorize(ctx, can, 'setSchoolOfRecord', { schoolId: school.id, member });
    await this.db.getRepository(User).update({ id: caller.user.id }, { schoolId: school.id });
    return school;
  }

  /**
   * Staff set (or clear, with null) the graduation pathway of their school of record: the pathway
   * the caseload follows for a student who marked none. Answers the school and the pathway.
   */
  async setGraduationPathway(ctx: RequestContext, checked: Checked<GraduationPathwayChoice>): Promise<{ school: School; pathway: Pathway | null }> {
    const caller = authorize(ctx, can, 'setGraduationPathway', null);
    const schoolId = caller.user.schoolId;
    authorize(ctx, can, 'setGraduationPathway', { schoolId, member: schoolId !== null });
    const input = valid(checked);
    const pathway = input.pathwayUuid === null ? null : await this.db.getRepository(Pathway).findOneBy({ uuid: input.pathwayUuid });
    if (input.pathwayUuid !== null && !pathway) throw notFound(because(SCHOOL_POLICY_MESSAGES.pathwayNotFound));
    authorize(ctx, can, 'setGraduationPathway', { schoolId, member: true, pathwayOfSchool: pathway === null || pathway.schoolId === schoolId });
    await this.db.getRepository(School).update({ id: schoolId! }, { graduationPathwayId: pathway?.id ?? null });
    return { school: await this.db.getRepository(School).findOneByOrFail({ id: schoolId! }), pathway };
  }

  /** Staff turn plan review and approval on or off for their school of record; answers the school. */
  async setPlanApproval(ctx: RequestContext, checked: Checked<PlanApprovalChoice>): Promise<School> {
    const caller = authorize(ctx, can, 'setPlanApproval', null);
    const schoolId = caller.user.schoolId;
    authorize(ctx, can, 'setPlanApproval', { schoolId, member: schoolId !== null });
    const { enabled } = valid(checked);
    await this.db.getRepository(School).update({ id: schoolId! }, { planApprovalEnabled: enabled });
    return this.db.getRepository(School).findOneByOrFail({ id: schoolId! });
  }

  /** Staff set the planning settings of their school of record (caps, first grade for college courses); answers the school. */
  async setAutoPlanSettings(ctx: RequestContext, checked: Checked<AutoPlanSettings>): Promise<School> {
    const caller = authorize(ctx, can, 'setAutoPlanSettings', null);
    const schoolId = caller.user.schoolId;
    authorize(ctx, can, 'setAutoPlanSettings', { schoolId, member: schoolId !== null });
    const settings = valid(checked);
    await this.db.getRepository(School).update({ id: schoolId! }, settings);
    return this.db.getRepository(School).findOneByOrFail({ id: schoolId! });
  }

  /** The uuid of a school's chosen graduation pathway; null when none is chosen. */
  async graduationPathwayUuid(school: School): Promise<string | null> {
    if (school.graduationPathwayId === null || school.graduationPathwayId === undefined) return null;
    const pathway = await this.db.getRepository(Pathway).findOneBy({ id: school.graduationPathwayId });
    return pathway?.uuid ?? null;
  }

  /** Ids of a user's own schools: their school of record and every membership (the rule of reach.ts). */
  accessibleSchoolIds(user: User): Promise<number[]> {
    return ownSchoolIds(this.db.manager, user);
  }

  async accessibleSchools(ctx: RequestContext): Promise<School[]> {
    const caller = authorize(ctx, can, 'list', null);
    const ids = await this.accessibleSchoolIds(caller.user);
    if (!ids.length) return [];
    return this.db.getRepository(School).createQueryBuilder('s').where('s.id IN (:...ids)', { ids }).orderBy('s.name').getMany();
  }
}
