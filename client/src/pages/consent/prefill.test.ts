import { readFile } from 'node:fs/promises';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_FIELD_CONFIG, type ConsentFieldConfig } from '@planner/shared/consent-form';
import { NAMES_IN_EVERY_SCRIPT, pdfStrings, pdfText } from '../../../../shared/testing/pdf-text';
import { FONT_URLS } from '../../pdf/pdf-fonts';
import { alreadySigned, RELOAD_FLAG, shouldReloadOnce } from './consentFlow';
import {
  applyTransform,
  formatDob,
  graduationYear,
  isBlank,
  normaliseColor,
  parseDob,
  placementOptions,
  prefillPdf,
  prefillTexts,
  previewSignatures,
  sourceValue,
} from './prefill';

const NOW = new Date(2025, 8, 15);
const SAM = { firstName: 'Sam', lastName: 'Lee', email: 'student@lincoln.example', dob: '03142010', grade: '10', school: { name: 'Lincoln High School' } };

async function blankPdf(pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) doc.addPage([612, 792]);
  return doc.save();
}

describe('skip rules', () => {
  it('treats empty, null, undefined and the texts null and undefined as blank', () => {
    for (const v of [null, undefined, '', '   ', 'null', 'undefined', ' null ']) expect(isBlank(v), String(v)).toBe(true);
    for (const v of ['0', 0, 'Sam', 'nullable']) expect(isBlank(v), String(v)).toBe(false);
  });
});

describe('graduation year', () => {
  it('is the current year plus (13 minus grade), grade as a whole number defaulting to 0', () => {
    expect(graduationYear('10', NOW)).toBe(2028);
    expect(graduationYear(12, NOW)).toBe(2026);
    expect(graduationYear('9th', NOW)).toBe(2029);
    expect(graduationYear('college', NOW)).toBe(2038);
    expect(graduationYear(null, NOW)).toBe(2038);
    expect(graduationYear('11.7', NOW)).toBe(2027);
  });
});

describe('date of birth', () => {
  it('reads 8 digits MMDDYYYY or a parseable date, and format_dob writes MM/DD/YYYY', () => {
    expect(formatDob('03142010')).toBe('03/14/2010');
    expect(formatDob('2010-03-14')).toBe('03/14/2010');
    expect(formatDob('March 4, 2009')).toBe('03/04/2009');
    expect(parseDob('13452010')).toBeNull();
    expect(formatDob('not a date')).toBeNull();
    expect(formatDob('')).toBeNull();
    expect(applyTransform('07042009', 'format_dob')).toBe('07/04/2009');
    expect(applyTransform('07042009', undefined)).toBe('07042009');
  });
});

describe('sources', () => {
  it('reads every source of the spec', () => {
    expect(sourceValue('user.first_name', SAM)).toBe('Sam');
    expect(sourceValue('user.last_name', SAM)).toBe('Lee');
    expect(sourceValue('user.email', SAM)).toBe('student@lincoln.example');
    expect(sourceValue('user.school.name', SAM)).toBe('Lincoln High School');
    expect(sourceValue('user.dob', SAM)).toBe('03142010');
    expect(sourceValue('user.grade', SAM)).toBe('10');
    expect(sourceValue('calculated.graduation_year', SAM, NOW)).toBe(2028);
    expect(sourceValue('user.school.name', { ...SAM, school: null })).toBeUndefined();
  });

  it('lists the default template texts for Sam', () => {
    const texts = Object.fromEntries(prefillTexts(DEFAULT_FIELD_CONFIG, SAM, NOW).map((t) => [t.key, t.text]));
    expect(texts).toEqual({
      first_name: 'Sam',
      last_name: 'Lee',
      email: 'student@lincoln.example',
      school: 'Lincoln High School',
      dob: '03/14/2010',
      grade: '10',
      graduation_year: '2028',
    });
  });

  it('skips blank values and fields that fail, logging the failure', () => {
    const log = vi.fn();
    const config = structuredClone(DEFAULT_FIELD_CONFIG) as ConsentFieldConfig;
    (config.student_info.email as { source: string }).source = 'user.password';
    const texts = prefillTexts(config, { ...SAM, lastName: 'null', dob: 'undefined', grade: '' }, NOW, log);
    expect(texts.map((t) => t.key)).toEqual(['first_name', 'school', 'graduation_year']);
    expect(texts.find((t) => t.key === 'graduation_year')!.text).toBe('2038');
    expect(log).toHaveBeenCalledTimes(1);
    expect(String(log.mock.calls[0][0])).toContain('email');
  });
});

describe('field placement', () => {
  it('maps a placement to page, position, size and a 0-1 colour', () => {
    expect(placementOptions({ x: 10, y: 20, font: 'courier', font_size: 9, color: [255, 0, 127.5] })).toEqual({
      page: 0,
      x: 10,
      y: 20,
      size: 9,
      color: [1, 0, 0.5],
    });
    expect(placementOptions({ page: 1, x: 1, y: 2, font: 'helvetica', font_size: 12, color: [0, 0.5, 1] }).page).toBe(1);
    expect(normaliseColor([0.2, 0.4, 0.6])).toEqual([0.2, 0.4, 0.6]);
    expect(normaliseColor(undefined)).toEqual([0, 0, 0]);
  });

  it('draws the prefilled values into the PDF, skipping a field on a page that does not exist or in an unknown font', async () => {
    const log = vi.fn();
    const config = structuredClone(DEFAULT_FIELD_CONFIG) as ConsentFieldConfig;
    config.student_info.email.page = 3;
    (config.student_info.grade as { font: string }).font = 'comic_sans';
    const out = await prefillPdf(await blankPdf(), config, SAM, NOW, log);
    const strings = await pdfStrings(out);
    expect(strings).toEqual(expect.arrayContaining(['Sam', 'Lee', 'Lincoln High School', '03/14/2010', '2028']));
    expect(strings).not.toContain('student@lincoln.example');
    expect(strings).not.toContain('10');
    expect(log).toHaveBeenCalledTimes(2);
  });
});

describe('template preview', () => {
  it('draws sample names and the date at the signature placements', async () => {
    const out = await previewSignatures(await blankPdf(), DEFAULT_FIELD_CONFIG, 'Sample Student', 'Sample Parent', NOW);
    const text = await pdfText(out);
    // The printed name and the signature (PDF.js puts a date drawn on the same line after a name).
    expect(text.split('Sample Parent')).toHaveLength(3);
    expect(text).toContain('Sample Student 09/15/2025');
  });
});

describe('names in any script', () => {
  // The font assets as the dev server would serve them (Vite's /@fs/ paths), counted.
  const fetched: string[] = [];
  beforeEach(() => {
    fetched.length = 0;
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(await readFile(url.replace(/^\/@fs/, '')));
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('prefills and previews every name exactly, fetching the Chinese font only for Chinese text', async () => {
    for (const n of NAMES_IN_EVERY_SCRIPT) {
      const name = `${n.first} ${n.last}`;
      const prefilled = await prefillPdf(
        await blankPdf(),
        DEFAULT_FIELD_CONFIG,
        { ...SAM, firstName: n.first, lastName: n.last, school: { name: `École ${n.last}` } },
        NOW,
      );
      expect(await pdfStrings(prefilled), name).toEqual(expect.arrayContaining([n.first, n.last, `École ${n.last}`]));
      const preview = await previewSignatures(await blankPdf(), DEFAULT_FIELD_CONFIG, name, 'Łucja Nguyễn', NOW);
      const text = await pdfText(preview);
      expect(text, name).toContain(name);
      expect(text.split('Łucja Nguyễn'), name).toHaveLength(3);
    }
    expect(fetched.filter((u) => u === FONT_URLS.cjk)).toHaveLength(1);
    expect(new Set(fetched)).toEqual(new Set([FONT_URLS.regular, FONT_URLS.italic, FONT_URLS.cjk]));
  }, 60_000);

  it('fetches no font for a form in English and Western European letters (the standard fonts draw it)', async () => {
    const out = await previewSignatures(await blankPdf(), DEFAULT_FIELD_CONFIG, 'José Müller', 'Françoise Øster', NOW);
    expect(await pdfText(out)).toContain('Françoise Øster');
    expect(fetched).toEqual([]);
  });
});

describe('consent flow rules', () => {
  it('reloads once when dob or grade is missing', () => {
    sessionStorage.removeItem(RELOAD_FLAG);
    expect(shouldReloadOnce({ dob: '03142010', grade: '10' })).toBe(false);
    expect(shouldReloadOnce({ dob: null, grade: '10' })).toBe(true);
    expect(shouldReloadOnce({ dob: null, grade: '10' })).toBe(false);
    sessionStorage.removeItem(RELOAD_FLAG);
    expect(shouldReloadOnce({ dob: '03142010', grade: null })).toBe(true);
    sessionStorage.removeItem(RELOAD_FLAG);
  });

  it('knows who has already signed', () => {
    expect(alreadySigned('admin_signed', 'student')).toBe(false);
    expect(alreadySigned('student_signed', 'student')).toBe(true);
    expect(alreadySigned('both_signed', 'student')).toBe(true);
    expect(alreadySigned('student_signed', 'parent')).toBe(false);
    expect(alreadySigned('parent_signed', 'parent')).toBe(true);
  });
});
