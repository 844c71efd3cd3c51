/** The signed-in user's own record: who they are, their school, their term labels. */
import type { DataSource } from 'typeorm';
import type { Caller, RequestContext } from '../../core/context.js';
import { requireCaller, requireWriter } from '../../core/policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { School } from '../schools/school.entity.js';
import { readerLocale } from '../../core/reader-locale.js';
import { User, type Locale } from './user.entity.js';

export interface CurrentUserView {
  user: User;
  school: School | null;
  caller: Caller;
  /** The language of the person at the keyboard (see locale() below). */
  locale: Locale;
}

export class ProfileService {
  constructor(private readonly db: DataSource) {}

  async currentUser(ctx: RequestContext): Promise<CurrentUserView> {
    const caller = requireCaller(ctx);
    const school = caller.user.schoolId === null ? null : await ctx.loaders.schoolById.load(caller.user.schoolId);
    return { user: caller.user, school, caller, locale: await this.locale(ctx) };
  }

  /**
   * The interface language is the person's, not the viewed record's: while an admin or a parent views
   * as a student, the language shown and saved is the admin's or parent's own (decision: a Spanish-speaking
   * parent keeps Spanish while looking at the child's plan, and never changes the child's setting).
   */
  async locale(ctx: RequestContext): Promise<Locale> {
    requireCaller(ctx);
    return readerLocale(ctx);
  }

  /**
   * Saves the interface language. Not a change to the student's data, so a parent's read-only
   * view-as token may do it too (it is saved on the parent, see locale()).
   */
  async updateLocale(ctx: RequestContext, input: Checked<Locale>): Promise<Locale> {
    const caller = requireCaller(ctx);
    const locale = valid(input);
    await this.db.getRepository(User).update({ id: caller.actingUserId ?? caller.user.id }, { locale });
    return locale;
  }

  /** Saves the whole ordered list of term labels (a term is its 1-based position in it). */
  async updateLabels(ctx: RequestContext, input: Checked<string[]>): Promise<string[]> {
    const caller = requireWriter(ctx);
    const labels = valid(input);
    await this.db.getRepository(User).update({ id: caller.user.id }, { academicYearLabels: labels });
    return labels;
  }
}
