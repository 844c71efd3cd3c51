/**
 * Language quality (issues 12, 21): whole sentences around links, ICU plurals that agree each count
 * with its number by the language's rules, and dates, numbers and money in each language's way.
 */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { format, loadCatalogue, makeT, setCurrentLocale } from './core';
import { rich } from './rich';
import { planSummary } from '../pages/plan/planSummary';
import { formatDate, formatDateTime, formatDay, formatMoney, formatNumber } from './formats';
import { formatUnits, unitNumber } from '../components/units';

afterEach(() => setCurrentLocale('en'));

describe('Spanish quality', () => {
  it('agrees each count of the plan summary with its number', () => {
    expect(planSummary(makeT('es'), 1, 1, 0)).toBe('1 curso, 1 unidad planificada, 0 unidades completadas.');
    expect(planSummary(makeT('es'), 3, 12.5, 4)).toBe('3 cursos, 12.5 unidades planificadas, 4 unidades completadas.');
    expect(planSummary(makeT('en'), 1, 3, 1)).toBe('1 course, 3 units planned, 1 unit completed.');
  });

  it('writes money and dates with the es-US conventions in Spanish', () => {
    setCurrentLocale('es');
    expect(formatDay('2025-09-08')).toBe('8 sept 2025');
    expect(formatMoney(9500)).toBe('$9,500.00');
    expect(formatUnits(1)).toBe('1 unidad');
    setCurrentLocale('en');
    expect(formatDay('2025-09-08')).toBe('Sep 8, 2025');
  });

  it('keeps a sentence with links as one message and puts the links where the language wants them', () => {
    const { container } = render(<p>{rich('es', 'layout.youAreInStudentView', { name: <strong>Sam Lee</strong> })}</p>);
    expect(container.textContent).toBe('Usted está en la vista de estudiante de: Sam Lee');
    expect(container.querySelector('strong')?.textContent).toBe('Sam Lee');
    const en = render(
      <p>
        {rich('en', 'cccapply.consentIntro', {
          applicationReview: <a href="/r">application review</a>,
          privacyPolicy: <a href="/p">Privacy Policy</a>,
          termsOfUse: <a href="/t">Terms of Use</a>,
        })}
      </p>,
    );
    expect(en.container.textContent).toMatch(/on the application review; see also the Privacy Policy and Terms of Use\.$/);
    expect(en.container.querySelectorAll('a')).toHaveLength(3);
  });

  it('payment options are whole sentences in both languages', () => {
    expect(format('es', 'payments.annualOption', { upfront: '$9,500.00', annual: '$10,000.00' })).toBe(
      'Pago anual: $9,500.00 con tarjeta ahora (descuento del 5 % por pago anticipado sobre $10,000.00)',
    );
    expect(format('en', 'payments.checkOption', { upfront: '$9,500.00' })).toBe('Pay by check: $9,500.00 (5% upfront discount)');
  });
});

describe('Vietnamese and Chinese formatting', () => {
  it('writes dates, numbers and dollars the way the language writes them', async () => {
    await loadCatalogue('vi');
    await loadCatalogue('zh');
    setCurrentLocale('vi');
    expect(formatDay('2025-09-08')).toBe('8 thg 9, 2025');
    expect(formatMoney(9500)).toBe('9.500,00\u00a0US$');
    expect(formatUnits(2.5)).toBe('2,5 đơn vị');
    setCurrentLocale('zh');
    expect(formatDay('2025-09-08')).toBe('2025年9月8日');
    expect(formatMoney(9500)).toBe('US$9,500.00');
    expect(planSummary(makeT('zh'), 3, 12.5, 4)).toBe('3 门课程，已规划 12.5 学分，已完成 4 学分。');
  });
});

describe('ICU plurals, dates and numbers per language', () => {
  it("picks each language's plural form for the same count", async () => {
    await loadCatalogue('vi');
    await loadCatalogue('zh');
    const counts = (locale: 'en' | 'es' | 'vi' | 'zh') => [0, 1, 2, 1.5].map((count) => format(locale, 'plan.unitsCompleted', { count }));
    expect(counts('en')).toEqual(['0 units completed', '1 unit completed', '2 units completed', '1.5 units completed']);
    expect(counts('es')).toEqual(['0 unidades completadas', '1 unidad completada', '2 unidades completadas', '1.5 unidades completadas']);
    expect(counts('vi')).toEqual(['Đã hoàn tất 0 đơn vị', 'Đã hoàn tất 1 đơn vị', 'Đã hoàn tất 2 đơn vị', 'Đã hoàn tất 1,5 đơn vị']);
    expect(counts('zh')).toEqual(['已完成 0 学分', '已完成 1 学分', '已完成 2 学分', '已完成 1.5 学分']);
    expect(format('en', 'consent.templateSummary', { template: 'The default template', count: 1 })).toBe(
      'The default template, 1 page. New forms use it; forms already signed keep theirs.',
    );
    expect(format('es', 'students.count', { count: 1250 })).toBe('1,250 estudiantes');
    expect(format('vi', 'students.count', { count: 1250 })).toBe('1.250 học sinh');
  });

  it('writes the same moment and number in each language', () => {
    const moment = new Date(2025, 8, 8, 14, 5, 9);
    expect(formatDate(moment, 'en')).toBe('Sep 8, 2025');
    expect(formatDate(moment, 'es')).toBe('8 sept 2025');
    expect(formatDate(moment, 'vi')).toBe('8 thg 9, 2025');
    expect(formatDate(moment, 'zh')).toBe('2025年9月8日');
    expect(formatDateTime(moment, 'en')).toBe('9/8/2025, 2:05:09 PM');
    expect(formatDateTime(moment, 'vi')).toBe('14:05:09 8/9/2025');
    expect(formatDateTime(moment, 'zh')).toBe('2025/9/8 14:05:09');
    expect(formatNumber(1234.5, undefined, 'es')).toBe('1,234.5');
    expect(formatNumber(1234.5, undefined, 'vi')).toBe('1.234,5');
    expect(formatMoney(1000, 'es')).toBe('$1,000.00');
    expect(formatDate(null)).toBe('');
    expect(formatDay('not a date')).toBe('not a date');
  });

  it('follows the language in effect', () => {
    setCurrentLocale('vi');
    expect(unitNumber(0.333)).toBe('0,33');
    expect(formatDay('2025-09-08', 'long')).toBe('8 tháng 9, 2025');
    setCurrentLocale('en');
    expect(unitNumber(0.333)).toBe('0.33');
    expect(formatDay('2025-09-08', 'long')).toBe('September 8, 2025');
  });
});
