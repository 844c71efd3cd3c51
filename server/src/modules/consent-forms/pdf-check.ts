/**
 * Checks an uploaded PDF before it replaces anything: the PDF magic bytes, a size limit, that
 * pdf-lib parses it, and (for signed forms) that it has the template's number of pages.
 */
import { PDFDocument } from 'pdf-lib';
import { badInput, because } from '../../core/errors.js';

export const PDF_MESSAGES = {
  missing: 'PDF_MISSING',
  notPdf: 'PDF_NOT_PDF',
  unreadable: 'PDF_UNREADABLE',
  tooLarge: (maxBytes: number) =>
    because('PDF_TOO_LARGE', { max: maxBytes >= 1024 * 1024 ? `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(maxBytes / 1024)} KB` }),
  pageCount: (expected: number, got: number) => because('PDF_PAGE_COUNT', { got, s: got === 1 ? '' : 's', expected, expectedS: expected === 1 ? '' : 's' }),
} as const;

/** Returns the page count of a valid PDF, or throws a 400. */
export async function checkPdf(bytes: Buffer | undefined | null, maxBytes: number, expectedPages?: number): Promise<number> {
  if (!bytes || bytes.length === 0) throw badInput(because(PDF_MESSAGES.missing));
  if (bytes.length > maxBytes) throw badInput(PDF_MESSAGES.tooLarge(maxBytes));
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw badInput(because(PDF_MESSAGES.notPdf));
  let pages: number;
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    pages = doc.getPageCount();
  } catch {
    throw badInput(because(PDF_MESSAGES.unreadable));
  }
  if (pages < 1) throw badInput(because(PDF_MESSAGES.unreadable));
  if (expectedPages !== undefined && pages !== expectedPages) throw badInput(PDF_MESSAGES.pageCount(expectedPages, pages));
  return pages;
}
