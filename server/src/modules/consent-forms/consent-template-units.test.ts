/** Units: the default template and its field_config agree; the ZIP writer's output reads back. */
import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FIELD_CONFIG, DEFAULT_TEMPLATE_BLANKS } from '@planner/shared/consent-form';
import { generateDefaultTemplate } from './default-template.js';
import { parseFieldConfig } from './field-config.js';
import { pdfText } from '../../../../shared/testing/pdf-text.js';
import { readZip } from './testing/zip-reader.js';
import { safeFileName, ZipWriter } from './zip-writer.js';

describe('default template', () => {
  it('is a one-page letter with a labelled blank for every prefilled field and signature', async () => {
    const bytes = await generateDefaultTemplate();
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    const text = await pdfText(bytes);
    for (const { label } of Object.values(DEFAULT_TEMPLATE_BLANKS)) expect(text).toContain(`${label}:`);
    // Each student_info entry sits just above its blank's line, inside the page.
    for (const [key, field] of Object.entries(DEFAULT_FIELD_CONFIG.student_info)) {
      const blank = DEFAULT_TEMPLATE_BLANKS[key as keyof typeof DEFAULT_TEMPLATE_BLANKS];
      expect(field.y - blank.y, key).toBe(3);
      expect(field.x).toBeGreaterThan(0);
      expect(field.x).toBeLessThan(width - 100);
    }
    for (const p of [...Object.values(DEFAULT_FIELD_CONFIG.student_signature), ...Object.values(DEFAULT_FIELD_CONFIG.parent_signature)]) {
      expect(p.y).toBeGreaterThan(0);
      expect(p.y).toBeLessThan(height);
    }
    // The shipped configuration passes the same validation as a staff edit.
    expect(parseFieldConfig(DEFAULT_FIELD_CONFIG, 1)).toEqual(DEFAULT_FIELD_CONFIG);
  });
});

describe("default template in the reader's language", () => {
  const blanksOf = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();

  it.each([
    [
      'vi',
      'Sự đồng ý của phụ huynh/người giám hộ cho chương trình ghi danh kép',
      'Thông tin học sinh / Student Information',
      ['Tên của học sinh:', 'Năm dự kiến tốt nghiệp:', 'Chữ ký học sinh:', 'Họ tên phụ huynh/giám hộ:', 'Bản tiếng Anh của văn bản này là bản có giá trị ràng buộc.'],
    ],
    ['zh', '家长/监护人双录取课程同意书', '学生确认 / Student Acknowledgment', ['学生名字：', '出生日期：', '家长/监护人签名：', '日期：', '本文件以英文文本为准。']],
    [
      'es',
      'Consentimiento del padre, la madre o el tutor para la inscripción doble',
      'Información del estudiante / Student Information',
      ['Nombre del estudiante:', 'Firma del padre o tutor:'],
    ],
  ] as const)('%s: title, headings and labels translated with the English headings and body kept, one page', async (locale, title, heading, labels) => {
    const bytes = await generateDefaultTemplate(locale);
    expect(await blanksOf(bytes)).toBe(1);
    const text = await pdfText(bytes);
    for (const s of [title, 'Parent/Guardian Consent for Dual Enrollment', heading, ...labels, 'Dual enrollment lets a high school student'])
      expect(text, s).toContain(s);
    expect((await PDFDocument.load(bytes)).getTitle()).toBe(title);
  });

  it('is the English letter for English or an unknown language', async () => {
    for (const locale of ['en', 'fr']) {
      const text = await pdfText(await generateDefaultTemplate(locale));
      expect(text).toContain('Student Information');
      expect(text).not.toContain(' / Student Information');
    }
  });
});

describe('ZipWriter', () => {
  it('writes entries that a ZIP reader inflates back byte for byte, with UTF-8 names', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const zip = new ZipWriter(out);
    await zip.add('Lee_Sam_1.pdf', Buffer.from('%PDF-1.7 first'));
    await zip.add(`${safeFileName('Núñez')}_${safeFileName('Ana María')}_2.pdf`, Buffer.alloc(100_000, 7));
    await zip.finish();
    const entries = readZip(Buffer.concat(chunks));
    expect(entries.map((e) => e.name)).toEqual(['Lee_Sam_1.pdf', 'Nunez_Ana_Maria_2.pdf']);
    expect(entries[0].data.toString()).toBe('%PDF-1.7 first');
    expect(entries[1].data.equals(Buffer.alloc(100_000, 7))).toBe(true);
  });

  it('stores an entry that deflate cannot shrink (a scan) and still reads it back', async () => {
    const out = new PassThrough();
    const chunks: Buffer[] = [];
    out.on('data', (c: Buffer) => chunks.push(c));
    const zip = new ZipWriter(out);
    const scan = crypto.randomBytes(50_000);
    await zip.add('scan.pdf', scan);
    await zip.finish();
    const archive = Buffer.concat(chunks);
    expect(archive.readUInt16LE(8)).toBe(0); // method: stored
    expect(archive.length).toBeLessThan(scan.length + 200);
    expect(readZip(archive)[0].data.equals(scan)).toBe(true);
  });

  it('makes names safe', () => {
    expect(safeFileName('../etc/passwd')).toBe('.._etc_passwd');
    expect(safeFileName("O'Brien")).toBe('O_Brien');
    expect(safeFileName('')).toBe('unnamed');
  });
});
