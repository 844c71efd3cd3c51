/** The signed-in user's own record: who they are, their school, their term labels. */
import type { DataSource } from 'typeorm';
import type { Caller, RequestContext } from '../../core/context.js';
import { badInput } from '../../core/errors.js';
import { requireCaller, requireWriter } from '../../core/policy.js';
import { hasNul, NUL_MESSAGE } from '../../core/validation.js';
import { School } from '../schools/school.entity.js';
import { MAX_LABEL_LENGTH } from '@planner/shared';
import { LOCALES, User, type Locale } from './user.entity.js';

export const MAX_TERMS = 24;
export { MAX_LABEL_LENGTH };

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
    const caller = requireCaller(ctx);
    if (caller.actingUserId === null) return caller.user.locale ?? 'en';
    const person = await ctx.loaders.userById.load(caller.actingUserId);
    return person?.locale ?? 'en';
  }

  /**
   * Saves the interface language. Not a change to the student's data, so a parent's read-only
   * view-as token may do it too (it is saved on the parent, see locale()).
   */
  async updateLocale(ctx: RequestContext, raw: unknown): Promise<Locale> {
    const caller = requireCaller(ctx);
    if (typeof raw !== 'string' || !(LOCALES as readonly string[]).includes(raw)) {
      throw badInput(`locale must be one of: ${LOCALES.join(', ')}.`);
    }
    const locale = raw as Locale;
    await this.db.getRepository(User).update({ id: caller.actingUserId ?? caller.user.id }, { locale });
    return locale;
  }

  /** Saves the whole ordered list of term labels (a term is its 1-based position in it). */
  async updateLabels(ctx: RequestContext, raw: unknown): Promise<string[]> {
    const caller = requireWriter(ctx);
    const labels = parseLabels(raw);
    await this.db.getRepository(User).update({ id: caller.user.id }, { academicYearLabels: labels });
    return labels;
  }
}

/** Accepts the spec's list, or a map of position to label; every label non-empty and distinct. */
export function parseLabels(raw: unknown): string[] {
  let list: unknown = raw;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    list = Object.entries(raw as Record<string, unknown>)
      .sort(([a], [b]) => Number(a) - Number(b))
      .map(([, v]) => v);
  }
  if (!Array.isArray(list)) throw badInput('academic_year_labels must be a list of term labels.');
  const labels = list.map((l) => (typeof l === 'string' ? l.trim() : ''));
  if (labels.some((l) => !l)) throw badInput('Every term needs a label.');
  if (labels.some(hasNul)) throw badInput(NUL_MESSAGE);
  if (labels.some((l) => l.length > MAX_LABEL_LENGTH)) throw badInput(`A term label may have at most ${MAX_LABEL_LENGTH} characters.`);
  if (labels.length > MAX_TERMS) throw badInput(`A plan may have at most ${MAX_TERMS} terms.`);
  if (new Set(labels.map((l) => l.toLowerCase())).size !== labels.length) throw badInput('Term labels must be different from each other.');
  return labels;
}
