/**
 * The texts of every email and text message the server sends, in the recipient's language: their
 * account's locale, or for a parent reached before they have an account (the consent link texted
 * to the guardian phone), the student's.
 *
 * The languages are the interface's LOCALES (@planner/shared): one list for the screens, the messages
 * and the stored users.locale.
 *
 * Texts are ICU MessageFormat, formatted by intl-messageformat (FormatJS) with Node's built-in Intl:
 * plurals, numbers and dates follow the recipient's locale. A key missing from a catalogue falls
 * back to English, so a language can be added before every text is translated.
 */
import { IntlMessageFormat } from 'intl-messageformat';
import { LOCALES, type Locale } from '@planner/shared';
import { en, type Catalogue, type MessageKey } from './catalogue.en.js';
import { es } from './catalogue.es.js';
import { vi } from './catalogue.vi.js';
import { zh } from './catalogue.zh.js';

export type { MessageKey } from './catalogue.en.js';

/** The languages the server writes messages in (the interface's); the first is the default. */
export const MESSAGE_LOCALES = LOCALES;
export type MessageLocale = Locale;

export const CATALOGUES: Record<MessageLocale, Catalogue> = { en, es, vi, zh };

/** The Intl locale of each language: US conventions for English and Spanish, Simplified Chinese script. */
const INTL_LOCALE: Record<MessageLocale, string> = { en: 'en-US', es: 'es-US', vi: 'vi-VN', zh: 'zh-Hans-CN' };

/** Values put into a message; a person's name or a reason is inserted as written, never read as syntax. */
export type MessageValues = Record<string, string | number | Date>;

/** The message language of a stored locale; anything unknown (or none) is English. */
export function messageLocale(value: string | null | undefined): MessageLocale {
  return (MESSAGE_LOCALES as readonly string[]).includes(value ?? '') ? (value as MessageLocale) : 'en';
}

const compiled = new Map<string, IntlMessageFormat>();

/** The compiled text of `key` in `locale` (English when the catalogue lacks it). */
export function compiledMessage(locale: MessageLocale, key: MessageKey): IntlMessageFormat {
  const own = CATALOGUES[locale][key];
  const [lang, text] = own === undefined ? (['en', en[key]] as const) : ([locale, own] as const);
  // Keyed by the text itself, so a catalogue edited at run time (tests) is never served stale.
  const cacheKey = `${lang}\u0000${text}`;
  let format = compiled.get(cacheKey);
  if (!format) {
    // ignoreTag: a '<' in a text is a character, not a rich-text tag.
    format = new IntlMessageFormat(text, INTL_LOCALE[lang], undefined, { ignoreTag: true });
    compiled.set(cacheKey, format);
  }
  return format;
}

/** The text of `key` for a recipient whose locale is `locale`, with `values` filled in. */
export function message(locale: string | null | undefined, key: MessageKey, values: MessageValues = {}): string {
  return String(compiledMessage(messageLocale(locale), key).format(values));
}
