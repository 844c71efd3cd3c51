/** The signed-in user's own record: who they are, their school, their term labels, and a parent's contact preference. */
import type { DataSource } from 'typeorm';
import type { Caller, RequestContext } from '../../context.js';
import { badInput, because } from '../../core/errors.js';
import { authorize, requireCaller, requireWriter } from '../../core/policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { School } from '../schools/school.entity.js';
import { readerLocale } from './reader-locale.js';
import type { ContactInput } from './profile-input.js';
import { can } from './profile.policy.js';
import { type ContactPreference, User, UserType, type Locale } from './user.entity.js';

export interface CurrentUserView {
  user: User;
  school: School | null;
  caller: Caller;
  /** The language of the person at the keyboard (see locale() below). */
  locale: Locale;
}

/** A parent's contact preference and phone; null for anyone else (they have none to set, profile.policy.ts). */
export function contactOf(user: User): { contactPreference: ContactPreference | null; phone: string | null } {
  return user.userType === UserType.Parent ? { contactPreference: user.contactPreference, phone: user.phone } : { contactPreference: null, phone: null };
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

  /**
   * Saves how a parent hears of their student's plan review: an email, or a text to their phone
   * (plan-review.service.ts sends it). Decision: a parent's own setting, so only a parent with their
   * own session may set it; students, staff and a parent's read-only view-as token get 403
   * (profile.policy.ts), and currentUser shows it only to parents (null for everyone else).
   * 'sms' needs a phone, given now or saved before; a 400 otherwise, and nothing is saved.
   */
  async updateContactPreference(ctx: RequestContext, input: Checked<ContactInput>): Promise<CurrentUserView> {
    const caller = authorize(ctx, can, 'setContactPreference', null);
    const { contactPreference, phone: given } = valid(input);
    const phone = given === undefined ? caller.user.phone : given;
    if (contactPreference === 'sms' && !phone) throw badInput(because('SMS_PHONE_REQUIRED'));
    await this.db.getRepository(User).update({ id: caller.user.id }, { contactPreference, phone });
    // The request's own copy of the user, so the answer shows what was saved.
    Object.assign(caller.user, { contactPreference, phone });
    return this.currentUser(ctx);
  }

  /** Saves the whole ordered list of term labels (a term is its 1-based position in it). */
  async updateLabels(ctx: RequestContext, input: Checked<string[]>): Promise<string[]> {
    const caller = requireWriter(ctx);
    const labels = valid(input);
    await this.db.getRepository(User).update({ id: caller.user.id }, { academicYearLabels: labels });
    return labels;
  }
}
