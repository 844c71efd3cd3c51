/**
 * The non-React half of the i18n layer: catalogues, formatting, the language in effect. Messages are
 * ICU MessageFormat (`{name}`, `{count, plural, one {# course} other {# courses}}`), formatted by
 * FormatJS in the Intl locale of the language, so plurals follow each language's rules.
 */
import { createIntl, createIntlCache, IntlErrorCode, type IntlShape, type OnErrorFn } from '@formatjs/intl';
import { LOCALES, type Locale } from '@planner/shared';
import { KEYS } from '../session/storage';
// Types only: a value import would bring the parser into the first bundle.
import type { MessageFormatElement, TYPE } from '@formatjs/icu-messageformat-parser';
import type { MessageKey } from './en';
import { enFirst } from './en-first';
import enFirstCompiled from './en-first?icu-ast';

export type { MessageKey } from './en';
export { LOCALES, type Locale };
export type Params = Record<string, string | number | null | undefined>;
/** t(key, params): the catalogue text of `key` in the language in effect. */
export type TFunction = (key: MessageKey, params?: Params) => string;

type Catalogue = Partial<Record<MessageKey, string>>;
/** A catalogue's messages compiled to ICU ASTs at build time (the icu-ast plugin of vite.config.ts; plain texts left out). */
export type Compiled = Record<string, MessageFormatElement[]>;
// The first screen's English ships in the first bundle, the rest of English with the signed-in
// routes (addEnglish); other languages load when first chosen, so a visitor who reads English
// never downloads them.
// The texts stay as written (plain texts are read from them); FormatJS formats their compiled ASTs.
const CATALOGUES: Partial<Record<Locale, Catalogue>> & { en: Catalogue } = { en: enFirst };
const COMPILED: Partial<Record<Locale, Compiled>> & { en: Compiled } = { en: enFirstCompiled };

/** Completes the English catalogue (SignedInApp.tsx calls it with the whole of en.ts before rendering). */
export function addEnglish(all: Catalogue, compiled: Compiled): void {
  CATALOGUES.en = { ...CATALOGUES.en, ...all };
  COMPILED.en = { ...COMPILED.en, ...compiled };
  intls.delete('en');
}
const LOADERS: Record<Exclude<Locale, 'en'>, () => Promise<[Catalogue, Compiled]>> = {
  es: () => Promise.all([import('./es').then((m) => m.es), import('./es?icu-ast').then((m) => m.default)]),
  vi: () => Promise.all([import('./vi').then((m) => m.vi), import('./vi?icu-ast').then((m) => m.default)]),
  zh: () => Promise.all([import('./zh').then((m) => m.zh), import('./zh?icu-ast').then((m) => m.default)]),
};

export const isCatalogueLoaded = (locale: Locale): boolean => CATALOGUES[locale] !== undefined;

/** Loads the catalogue of `locale` once; later calls answer at once. */
export async function loadCatalogue(locale: Locale): Promise<void> {
  if (locale === 'en' || CATALOGUES[locale]) return;
  const [texts, compiled] = await LOADERS[locale]();
  COMPILED[locale] = compiled;
  CATALOGUES[locale] = texts;
  intls.delete(locale);
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

// Plain texts are left out of the compiled catalogues: such a text is a single literal.
const plain = (value: string): MessageFormatElement[] => [{ type: 0 as TYPE.literal, value }];
/** The English AST of `key`, for a message a language has not translated yet. */
const english = (key: MessageKey): MessageFormatElement[] | undefined => {
  const text = CATALOGUES.en[key];
  return COMPILED.en[key] ?? (text === undefined ? undefined : plain(text));
};
/**
 * The text of `key` in `locale` when it is plain (no argument, no plural: the icu-ast plugin left
 * it out of the compiled catalogue): it is its own result, and FormatJS is not asked.
 */
const plainText = (locale: Locale, key: MessageKey): string | undefined => {
  const text = CATALOGUES[locale]?.[key];
  return text !== undefined && !Object.hasOwn(COMPILED[locale] ?? {}, key) ? text : undefined;
};

/** The message of `key` in `locale` with its arguments filled; English when a text is missing. */
export function format(locale: Locale, key: MessageKey, params?: Params): string {
  const text = plainText(locale, key);
  if (text !== undefined) return text;
  return intlOf(locale).formatMessage({ id: key, defaultMessage: english(key) }, params && defined(params));
}

/**
 * The message of `key` as a list of text and the given values (React nodes, say) where its
 * arguments stand, for sentences with links inside (rich.tsx).
 */
export function formatParts<T>(locale: Locale, key: MessageKey, values: Record<string, T | string | number>): (string | T)[] {
  const text = plainText(locale, key);
  if (text !== undefined) return [text];
  // FormatJS types the rich values by the instance's element type; ours are whatever the caller gives.
  const intl = intlOf(locale) as unknown as IntlShape<T>;
  const out = intl.formatMessage({ id: key, defaultMessage: english(key) }, values);
  return Array.isArray(out) ? out : [out];
}

const defined = (params: Params): Record<string, string | number> =>
  Object.fromEntries(Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== null));

// A missing translation is expected (Spanish areas still pending fall back to English); any other
// error (a message that does not parse, an argument not given) leaves the message's text as written.
const onError: OnErrorFn = (e) => {
  if (e.code !== IntlErrorCode.MISSING_TRANSLATION) console.error(e.message);
};

// One FormatJS instance per language, made when first needed (a dialog's first message with an
// argument, a date, a number) and rebuilt when its catalogue changes; the cache shares the parsed
// messages and Intl formatters between them. Its messages are the compiled catalogue as it is:
// plain texts never reach FormatJS (format), so no copy of the catalogue is made.
const cache = createIntlCache();
const intls = new Map<Locale, IntlShape>();
/** The FormatJS instance of `locale`: messages, dates and numbers in its Intl locale. */
export function intlOf(locale: Locale = current): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale: INTL_LOCALES[locale], defaultLocale: INTL_LOCALES.en, messages: COMPILED[locale] ?? {}, onError }, cache);
    intls.set(locale, intl);
  }
  return intl;
}

/**
 * Loads the browser's Intl data for numbers, then for dates, each in a task of its own. FormatJS
 * checks both when it makes an instance, and the browser's first such check loads its locale data
 * (about 10 ms and 5 ms of CPU): main.tsx starts this while the signed-in app's code downloads, so
 * that cost is not part of the app's first render (total blocking time).
 */
export function warmIntl(locale: Locale = storedLocale()): void {
  const tag = INTL_LOCALES[locale];
  setTimeout(() => {
    Intl.NumberFormat.supportedLocalesOf(tag);
    setTimeout(() => Intl.DateTimeFormat.supportedLocalesOf(tag));
  });
}

// The language in effect, for code that runs outside render (event handlers, error mapping).
let current: Locale = 'en';
export const currentLocale = (): Locale => current;
// US conventions where the language has a US variant (es-US writes "8 sept 2025", "$9,500.00");
// Vietnamese and Chinese use their own ("9.500,00 US$", "US$9,500.00": the currency stays dollars).
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
  if (locale === 'en' || typeof reason !== 'string') return english;
  // Translated when the language's catalogue has the reason's key (its *-reasons.ts, keyed by
  // reason-keys.ts); asking the catalogue, not that list, keeps the list out of the first bundle.
  const key = `reason.${reason}` as MessageKey;
  const texts = CATALOGUES[locale];
  return texts && Object.hasOwn(texts, key) ? format(locale, key, params ?? undefined) : english;
}

export function makeT(locale: Locale): TFunction {
  return (key: MessageKey, params?: Params) => format(locale, key, params);
}
