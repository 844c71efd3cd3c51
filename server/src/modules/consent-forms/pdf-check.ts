/**
 * Checks an uploaded PDF before it replaces anything: the PDF magic bytes, a size limit, that
 * pdf-lib parses it, and (for signed forms) that it has the template's number of pages.
 */
import { PDFDocument } from 'pdf-lib';
import { badInput } from '../../core/errors.js';
import { REASONS } from '@planner/shared';

export const PDF_MESSAGES = {
  missing: REASONS.PDF_MISSING,
  notPdf: REASONS.PDF_NOT_PDF,
  unreadable: REASONS.PDF_UNREADABLE,
  tooLarge: (maxBytes: number) =>
    `The PDF is larger than the limit of ${maxBytes >= 1024 * 1024 ? `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB` : `${Math.round(maxBytes / 1024)} KB`}.`,
  pageCount: (expected: number, got: number) =>
    `The signed PDF has ${got} page${got === 1 ? '' : 's'}; the form has ${expected} page${expected === 1 ? '' : 's'}.`,
} as const;

/** Returns the page count of a valid PDF, or throws a 400. */
export async function checkPdf(bytes: Buffer | undefined | null, maxBytes: number, expectedPages?: number): Promise<number> {
  if (!bytes || bytes.length === 0) throw badInput(PDF_MESSAGES.missing);
  if (bytes.length > maxBytes) throw badInput(PDF_MESSAGES.tooLarge(maxBytes));
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw badInput(PDF_MESSAGES.notPdf);
  let pages: number;
  try {
    const doc = await PDFDocument.load(bytes, { updateMetadata: false });
    pages = doc.getPageCount();
  } catch {
    throw badInput(PDF_MESSAGES.unreadable);
  }
  if (pages < 1) throw badInput(PDF_MESSAGES.unreadable);
  if (expectedPages !== undefined && pages !== expectedPages) throw badInput(PDF_MESSAGES.pageCount(expectedPages, pages));
  return pages;
}
