/**
 * Parent consent forms. At sign-up the client asks for the student's form; it is created once,
 * in state admin_signed, when the student's school uses consent forms.
 */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../core/context.js';
import { badInput } from '../../core/errors.js';
import { requireUserType, requireWriter } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { ConsentForm } from './consent-form.entity.js';

export const CONSENT_MESSAGES = {
  notEnabled: 'Parent consent forms are not used at your school.',
} as const;

export class ConsentFormsService {
  constructor(private readonly db: DataSource) {}

  async createForCaller(ctx: RequestContext): Promise<ConsentForm> {
    const caller = requireWriter(ctx);
    requireUserType(caller, UserType.Student);
    const school = caller.user.schoolId === null ? null : await ctx.loaders.schoolById.load(caller.user.schoolId);
    if (!school?.parentFormEnabled) throw badInput(CONSENT_MESSAGES.notEnabled);
    await this.db.query(
      `INSERT INTO consent_forms (student_id, school_id) VALUES ($1, $2) ON CONFLICT (student_id) DO NOTHING`,
      [caller.user.id, school.id],
    );
    return this.db.getRepository(ConsentForm).findOneByOrFail({ studentId: caller.user.id });
  }
}
