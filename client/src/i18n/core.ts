/** The non-React half of the i18n layer: catalogues, formatting, the language in effect. */
import { LOCALES, type Locale } from '@planner/shared';
import { KEYS } from '../session/storage';
import type { MessageKey } from './en';
import { enFirst } from './en-first';
import { isTranslatedReason, reasonKey } from './reason-keys';

export type { MessageKey } from './en';
export { LOCALES, type Locale };
export type Params = Record<string, string | number | null | undefined>;
/** t(key, params): the catalogue text of `key` in the language in effect. */
export type TFunction = (key: MessageKey, params?: Params) => string;

type Catalogue = Partial<Record<MessageKey, string>>;
// The first screen's English ships in the first bundle, the rest of English with the signed-in
// routes (addEnglish); other languages load when first chosen, so a visitor who reads English
// never downloads them.
const CATALOGUES: Partial<Record<Locale, Catalogue>> & { en: Catalogue } = { en: enFirst };

/** Completes the English catalogue (SignedInApp.tsx calls it with the whole of en.ts before rendering). */
export function addEnglish(all: Catalogue): void {
  CATALOGUES.en = { ...CATALOGUES.en, ...all };
}
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<Catalogue>> = {
  es: () => import('./es').then((m) => m.es),
  vi: () => import('./vi').then((m) => m.vi),
  zh: () => import('./zh').then((m) => m.zh),
};

export const isCatalogueLoaded = (locale: Locale): boolean => CATALOGUES[locale] !== undefined;

/** Loads the catalogue of `locale` once; later calls answer at once. */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (locale === 'en' || CATALOGUES[locale]) return;
  CATALOGUES[locale] = await LOADERS[locale]();
}

export const isLocale = (v: unknown): v is Locale => typeof v === 'string' && (LOCALES as readonly string[]).includes(v);

/** The anonymous visitor's choice (kept across sign-out). */
export function storedLocale(): Locale {
  try {
    const v = localStorage.getItem(KEYS.locale);
    return isLocale(v) ? v : 'en';
  } catch {
    return 'en';
  }
}

/** The message of `key` in `locale`, with {name} placeholders filled; English when a text is missing. */
export function format(locale: Locale, key: MessageKey, params?: Params): string {
  const text = CATALOGUES[locale]?.[key] ?? CATALOGUES.en[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const v = params[name];
    return v === undefined || v === null ? whole : String(v);
  });
}

// The language in effect, for code that runs outside render (event handlers, error mapping).
let current: Locale = 'en';
export const currentLocale = (): Locale => current;
// US conventions where the language has a US variant (es-US writes "8 sept 2025", "$9,500.00");
// Vietnamese and Chinese use their own (the amounts stay in dollars: the currency is the caller's).
const INTL_LOCALES: Record<Locale, string> = { en: 'en-US', es: 'es-US', vi: 'vi-VN', zh: 'zh-Hans-CN' };
/** The Intl locale for dates, money and numbers. */
export const intlLocale = (locale: Locale = current): string => INTL_LOCALES[locale];
export function setCurrentLocale(locale: Locale): void {
  current = locale;
}

/** translate() for code without the hook; components use useT() so they re-render on a switch. */
export function translate(key: MessageKey, params?: Params): string {
  return format(current, key, params);
}

/** An error as the server sent it: its English text, and its reason code with the params of a parameterised text. */
export interface ServerError {
  english: string;
  reason?: string | null;
  params?: Params | null;
}

/**
 * A server error in `locale`: the catalogue text of its reason (`reason.<CODE>`, filled with its
 * params). English, a reason the client does not know, or a language whose catalogue lacks the
 * text: the server's own English, which is the spec's text.
 */
export function translateReason(error: ServerError, locale: Locale = current): string {
  const { english, reason, params } = error;
  if (locale === 'en' || !isTranslatedReason(reason)) return english;
  const key = reasonKey(reason);
  return CATALOGUES[locale]?.[key] === undefined ? english : format(locale, key, params ?? undefined);
}

export function makeT(locale: Locale): TFunction {
  return (key: MessageKey, params?: Params) => format(locale, key, params);
}
