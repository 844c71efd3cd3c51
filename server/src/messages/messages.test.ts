/**
 * The message catalogues: every language has every English key, each text parses as ICU
 * MessageFormat and uses exactly the English text's arguments (same names, same kinds), so no
 * translation drops a link or asks for a value nobody passes. A missing text falls back to English.
 */
import { describe, expect, it } from 'vitest';
import { IntlMessageFormat } from 'intl-messageformat';
import { en, type MessageKey } from './catalogue.en.js';
import { CATALOGUES, MESSAGE_LOCALES, compiledMessage, message, messageLocale } from './messages.js';

const KEYS = Object.keys(en) as MessageKey[];
const KIND = ['literal', 'argument', 'number', 'date', 'time', 'select', 'plural', 'pound', 'tag'];

type Element = { type: number; value?: unknown; options?: Record<string, { value: Element[] }>; children?: Element[] };

/** The arguments a text uses, as "name:kind" (plural and select branches included). */
function argumentsOf(elements: Element[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    const kind = KIND[el.type];
    if (kind !== 'literal' && kind !== 'pound' && typeof el.value === 'string') into.add(`${el.value}:${kind}`);
    for (const option of Object.values(el.options ?? {})) argumentsOf(option.value, into);
    if (el.children) argumentsOf(el.children, into);
  }
  return into;
}
const argsOfText = (text: string, locale: string) => [...argumentsOf(new IntlMessageFormat(text, locale, undefined, { ignoreTag: true }).getAst() as Element[])].sort();

describe('message catalogues', () => {
  it('offer English, Spanish, Vietnamese and Simplified Chinese', () => {
    expect([...MESSAGE_LOCALES]).toEqual(['en', 'es', 'vi', 'zh']);
    expect(Object.keys(CATALOGUES).sort()).toEqual(['en', 'es', 'vi', 'zh']);
  });

  it.each(MESSAGE_LOCALES.filter((l) => l !== 'en'))('%s has a text for every English key and no other', (locale) => {
    const catalogue = CATALOGUES[locale];
    expect(
      KEYS.filter((k) => catalogue[k] === undefined || catalogue[k] === ''),
      'missing',
    ).toEqual([]);
    expect(
      Object.keys(catalogue).filter((k) => !(k in en)),
      'unknown keys',
    ).toEqual([]);
  });

  it.each(MESSAGE_LOCALES.filter((l) => l !== 'en'))('%s uses the same ICU arguments as English in every text', (locale) => {
    for (const key of KEYS) {
      const text = CATALOGUES[locale][key];
      if (text === undefined) continue;
      expect(argsOfText(text, locale), `${locale} ${key}`).toEqual(argsOfText(en[key], 'en'));
    }
  });

  it('sees a dropped or renamed argument (the check above can fail)', () => {
    expect(argsOfText('Hola, {nombre}:', 'es')).not.toEqual(argsOfText(en['email.resetPassword.body'], 'en'));
    expect(argsOfText(en['email.setPassword.body'], 'en')).toEqual(['days:plural', 'firstName:argument', 'link:argument', 'schoolName:argument']);
  });

  it('writes a text untranslated yet in English', () => {
    const saved = CATALOGUES.vi['email.admission.signature'];
    delete CATALOGUES.vi['email.admission.signature'];
    try {
      expect(message('vi', 'email.admission.signature', { schoolName: 'Dual School' })).toBe('Dual School Admissions');
    } finally {
      CATALOGUES.vi['email.admission.signature'] = saved;
    }
    expect(message('vi', 'email.admission.signature', { schoolName: 'Dual School' })).toBe('Ban Tuyển sinh Dual School');
  });

  it('writes an unknown or missing locale in English', () => {
    expect(messageLocale('fr')).toBe('en');
    expect(messageLocale(null)).toBe('en');
    expect(messageLocale('zh')).toBe('zh');
    expect(message('fr', 'consent.parentLink.subject')).toBe('Parent consent form');
  });

  it("agrees with the number in the recipient's language", () => {
    const values = { firstName: 'Ana', schoolName: 'Lincoln High', link: 'http://planner.test/x' };
    expect(message('en', 'email.setPassword.body', { ...values, days: 1 })).toContain('within 1 day:');
    expect(message('en', 'email.setPassword.body', { ...values, days: 7 })).toContain('within 7 days:');
    expect(message('es', 'email.setPassword.body', { ...values, days: 1 })).toContain('abra este enlace en el próximo día:');
    expect(message('es', 'email.setPassword.body', { ...values, days: 7 })).toContain('abra este enlace en los próximos 7 días:');
    expect(message('vi', 'email.setPassword.body', { ...values, days: 7 })).toContain('trong vòng 7 ngày:');
    expect(message('zh', 'email.setPassword.body', { ...values, days: 7 })).toContain('请在 7 天内打开以下链接');
  });

  it('inserts names and reasons as written, never as message syntax', () => {
    const hostile = "{link} <b>O'Brien</b> {n, plural, other {#}} '{'";
    const text = message('es', 'email.admission.greeting', { parentName: hostile });
    expect(text).toBe(`Estimado/a ${hostile}:`);
  });

  it('compiles each text once', () => {
    expect(compiledMessage('zh', 'consent.parentLink.body')).toBe(compiledMessage('zh', 'consent.parentLink.body'));
  });

  it('refuses to send a text with a value missing', () => {
    expect(() => message('en', 'email.resetPassword.body', { firstName: 'Ana', minutes: 60 })).toThrow(/link/);
  });
});
