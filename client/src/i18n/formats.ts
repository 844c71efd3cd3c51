/**
 * Dates, numbers and money on every screen, in the language in effect (issue 21): one place that
 * formats them, with FormatJS's Intl formatters (cached per locale) in the Intl locale of the
 * language (core.ts: en-US, es-US, vi-VN, zh-Hans-CN). Amounts are US dollars in every language,
 * written the way the language writes them ("$9,500.00", "9.500,00 US$", "US$9,500.00").
 */
import { currentLocale, intlOf, type Locale } from './core';

const DAY = { year: 'numeric', month: 'short', day: 'numeric' } as const;

/** A calendar day sent as YYYY-MM-DD (a due date, a publication date): the same day in every time zone. */
export function formatDay(isoDate: string, month: 'short' | 'long' = 'short', locale: Locale = currentLocale()): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!m) return isoDate;
  const day = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return intlOf(locale).formatDate(day, { ...DAY, month, timeZone: 'UTC' });
}

const moment = (value: string | number | Date): Date | null => {
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** The day of a moment (a timestamp), in the browser's time zone: "Sep 8, 2025". Empty for no value. */
export function formatDate(value: string | number | Date | null | undefined, locale: Locale = currentLocale()): string {
  if (value === null || value === undefined || value === '') return '';
  const d = moment(value);
  return d ? intlOf(locale).formatDate(d, DAY) : String(value);
}

/** A moment with its time to the second, in the browser's time zone (logs: "9/8/2025, 2:05:09 PM"). */
export function formatDateTime(value: string | number | Date | null | undefined, locale: Locale = currentLocale()): string {
  if (value === null || value === undefined || value === '') return '';
  const d = moment(value);
  if (!d) return String(value);
  return intlOf(locale).formatDate(d, { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: '2-digit', second: '2-digit' });
}

/** A number as the language writes it ("1,234.5", "1.234,5"). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions, locale: Locale = currentLocale()): string {
  return intlOf(locale).formatNumber(value, options);
}

/** An amount of US dollars in the language's way of writing money. */
export function formatMoney(dollars: number, locale: Locale = currentLocale()): string {
  return formatNumber(dollars, { style: 'currency', currency: 'USD' }, locale);
}
