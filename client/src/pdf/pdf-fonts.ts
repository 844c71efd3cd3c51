/**
 * The font files of the PDFs the browser draws (the consent form's prefilled preview and the staff
 * template preview): Noto Sans and Noto Sans SC from npm (@expo-google-fonts, SIL Open Font License),
 * emitted by Vite as assets and fetched only when a document's text needs more than the standard
 * fonts' WinAnsi, each face at most once per page load; the SC file (10.6 MB) only for CJK text.
 * Nothing here is in the landing bundle: this module is reached from the consent screens' lazy
 * chunk, and fontkit is imported on first use. What prints with which font, right-to-left included:
 * @planner/shared/pdf-fonts. Why pdf-lib 1.17 with fontkit 2: server/src/core/pdf-fonts.ts.
 */
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { renderWithFonts, type PdfFonts, type UnicodeFace, type UnicodeFontSource } from '@planner/shared/pdf-fonts';
import regularUrl from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url';
import boldUrl from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?url';
import italicUrl from '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf?url';
import cjkUrl from '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf?url';

export const FONT_URLS: Record<UnicodeFace, string> = { regular: regularUrl, bold: boldUrl, italic: italicUrl, cjk: cjkUrl };

const loaded = new Map<UnicodeFace, Promise<Uint8Array>>();

function fontBytes(face: UnicodeFace): Promise<Uint8Array> {
  let bytes = loaded.get(face);
  if (!bytes) {
    bytes = fetch(FONT_URLS[face]).then(async (res) => {
      if (!res.ok) throw new Error(`Could not load the PDF font (${res.status})`);
      return new Uint8Array(await res.arrayBuffer());
    });
    // A failed download is tried again the next time, not remembered.
    bytes.catch(() => loaded.delete(face));
    loaded.set(face, bytes);
  }
  return bytes;
}

let source: Promise<UnicodeFontSource> | null = null;

function clientFonts(): Promise<UnicodeFontSource> {
  source ??= import('fontkit').then((m) => ({ fontkit: m, bytes: fontBytes }));
  return source;
}

export type ClientPdfFonts = PdfFonts<PDFFont>;

/** Draws a PDF with the fonts its text needs; `render` may run twice, so it starts from scratch. */
export function renderPdf<T>(render: (fontsFor: (doc: PDFDocument) => Promise<ClientPdfFonts>) => Promise<T>): Promise<T> {
  return renderWithFonts<T, PDFFont>(clientFonts, render);
}
