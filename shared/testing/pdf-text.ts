/**
 * Test helper of the server's and the client's tests: the text strings drawn in a PDF, without a
 * PDF text extractor. Node only (node:zlib), so it sits outside the package's browser-safe src/
 * and is imported by relative path. Every stream is inflated when it is FlateDecode-compressed,
 * then the operands of the text operators (Tj, TJ, ') are decoded from hex <...> or literal (...)
 * strings. Good for the standard fonts pdf-lib uses
 * (WinAnsi, one byte per character), which is what the consent forms are drawn with.
 */
import zlib from 'node:zlib';

function streams(pdf: Buffer): string[] {
  const out: string[] = [];
  const text = pdf.toString('latin1');
  const re = /<<((?:(?!>>\s*stream)[\s\S])*?)>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const dict = m[1];
    const start = m.index + m[0].length;
    const end = text.indexOf('endstream', start);
    if (end < 0) break;
    let body = pdf.subarray(start, end);
    if (/\/FlateDecode/.test(dict)) {
      try {
        body = zlib.inflateSync(body, { finishFlush: zlib.constants.Z_SYNC_FLUSH });
      } catch {
        continue;
      }
    }
    out.push(body.toString('latin1'));
    re.lastIndex = end;
  }
  return out;
}

function decodeLiteral(s: string): string {
  return s.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_, c: string) => {
    const map: Record<string, string> = { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\' };
    return map[c] ?? String.fromCharCode(parseInt(c, 8));
  });
}

/** The strings shown by text operators in all content streams of the PDF, in order. */
export function pdfStrings(pdf: Buffer | Uint8Array): string[] {
  const result: string[] = [];
  for (const s of streams(Buffer.from(pdf))) {
    const re = /<([0-9A-Fa-f\s]*)>\s*(?:Tj|')|\(((?:\\.|[^\\)])*)\)\s*(?:Tj|')|\[((?:[^\]])*)\]\s*TJ/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(s))) {
      if (m[1] !== undefined) result.push(Buffer.from(m[1].replace(/\s+/g, ''), 'hex').toString('latin1'));
      else if (m[2] !== undefined) result.push(decodeLiteral(m[2]));
      else if (m[3] !== undefined) {
        const parts = [...m[3].matchAll(/<([0-9A-Fa-f\s]*)>|\(((?:\\.|[^\\)])*)\)/g)].map((p) =>
          p[1] !== undefined ? Buffer.from(p[1].replace(/\s+/g, ''), 'hex').toString('latin1') : decodeLiteral(p[2]),
        );
        result.push(parts.join(''));
      }
    }
  }
  return result;
}

/** All drawn text of the PDF joined with newlines, for `toContain` checks. */
export function pdfText(pdf: Buffer | Uint8Array): string {
  return pdfStrings(pdf).join('\n');
}
