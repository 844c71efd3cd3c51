/**
 * The language of the person at the keyboard: their account's locale, or, on a view-as token, the
 * admin's or parent's own (a Spanish-speaking parent keeps Spanish while looking at the child's
 * plan). What the interface shows (currentUser.locale) and what documents drawn for them print.
 */
import { LOCALES, type Locale } from '@planner/shared';
import type { RequestContext } from '../../context.js';

/** The interface language of a stored locale; anything unknown (or none) is English. */
export function interfaceLocale(stored: string | null | undefined): Locale {
  return (LOCALES as readonly string[]).includes(stored ?? '') ? (stored as Locale) : 'en';
}

/** The reader's language; English for an anonymous caller. */
export async function readerLocale(ctx: RequestContext): Promise<Locale> {
  const caller = ctx.caller;
  if (!caller) return 'en';
  const person = caller.actingUserId === null ? caller.user : await ctx.loaders.userById.load(caller.actingUserId);
  return interfaceLocale(person?.locale);
}
