/** Spanish quality (issue 12): whole sentences around links, number agreement, es-US dates and money. */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { format, loadCatalogue, makeT, setCurrentLocale } from './core';
import { rich } from './rich';
import { planSummary } from '../pages/plan/planSummary';
import { formatDate, formatDollars } from '../pages/payments/format';
import { formatUnits } from '../components/units';

afterEach(() => setCurrentLocale('en'));

describe('Spanish quality', () => {
  it('agrees each count of the plan summary with its number', () => {
    expect(planSummary(makeT('es'), 1, 1, 0)).toBe('1 curso, 1 unidad planificada, 0 unidades completadas.');
    expect(planSummary(makeT('es'), 3, 12.5, 4)).toBe('3 cursos, 12.5 unidades planificadas, 4 unidades completadas.');
    expect(planSummary(makeT('en'), 1, 3, 1)).toBe('1 course, 3 units planned, 1 unit completed.');
  });

  it('writes money and dates with the es-US conventions in Spanish', () => {
    setCurrentLocale('es');
    expect(formatDate('2025-09-08')).toBe('8 sept 2025');
    expect(formatDollars(9500)).toBe('$9,500.00');
    expect(formatUnits(1)).toBe('1 unidad');
    setCurrentLocale('en');
    expect(formatDate('2025-09-08')).toBe('Sep 8, 2025');
  });

  it('keeps a sentence with links as one message and puts the links where the language wants them', () => {
    const { container } = render(<p>{rich(format('es', 'layout.youAreInStudentView'), { name: <strong>Sam Lee</strong> })}</p>);
    expect(container.textContent).toBe('Usted está en la vista de estudiante de: Sam Lee');
    expect(container.querySelector('strong')?.textContent).toBe('Sam Lee');
    const en = render(<p>{rich(format('en', 'cccapply.consentIntro'), { applicationReview: <a href="/r">application review</a>, privacyPolicy: <a href="/p">Privacy Policy</a>, termsOfUse: <a href="/t">Terms of Use</a> })}</p>);
    expect(en.container.textContent).toMatch(/on the application review; see also the Privacy Policy and Terms of Use\.$/);
    expect(en.container.querySelectorAll('a')).toHaveLength(3);
  });

  it('payment options are whole sentences in both languages', () => {
    expect(format('es', 'payments.annualOption', { upfront: '$9,500.00', annual: '$10,000.00' })).toBe('Pago anual: $9,500.00 con tarjeta ahora (descuento del 5 % por pago anticipado sobre $10,000.00)');
    expect(format('en', 'payments.checkOption', { upfront: '$9,500.00' })).toBe('Pay by check: $9,500.00 (5% upfront discount)');
  });
});

describe('Vietnamese and Chinese formatting', () => {
  it('writes dates in the language and dollars the US way', async () => {
    await loadCatalogue('vi');
    await loadCatalogue('zh');
    setCurrentLocale('vi');
    expect(formatDate('2025-09-08')).toBe('8 thg 9, 2025');
    expect(formatDollars(9500)).toBe('$9,500.00');
    expect(formatUnits(2.5)).toBe('2.5 đơn vị');
    setCurrentLocale('zh');
    expect(formatDate('2025-09-08')).toBe('2025年9月8日');
    expect(formatDollars(9500)).toBe('$9,500.00');
    expect(planSummary(makeT('zh'), 3, 12.5, 4)).toBe('3 门课程，已规划 12.5 学分，已完成 4 学分。');
  });
});
