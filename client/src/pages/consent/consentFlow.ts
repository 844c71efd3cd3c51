/** Routing and fetching of the consent screens (spec 3 §2, §4, §7), kept out of the components. */
import { rest } from '../../api/rest';

/** The screen reloads once (per browser session) when the user lacks a date of birth or grade. */
export const RELOAD_FLAG = 'parentFormReloaded';
export function shouldReloadOnce(user: { dob?: string | null; grade?: string | number | null } | null, storage: Storage = sessionStorage): boolean {
  const missing = !user || !user.dob || user.grade === null || user.grade === undefined || user.grade === '';
  if (!missing || storage.getItem(RELOAD_FLAG) === 'true') return false;
  storage.setItem(RELOAD_FLAG, 'true');
  return true;
}

export const alreadySigned = (state: string | null | undefined, who: 'student' | 'parent') =>
  who === 'student' ? state === 'student_signed' || state === 'both_signed' : state === 'parent_signed' || state === 'both_signed';

/** The session's token, or none for the parent's emailed signing link. */
const tokenFor = (withToken: boolean) => (withToken ? undefined : null);

/** The PDF behind a path the API returned (/files/...). */
export async function fetchPdf(path: string, withToken = true): Promise<Uint8Array> {
  const res = await rest(path, { token: tokenFor(withToken) });
  return new Uint8Array(await res.arrayBuffer());
}

/** A stroke of the drawn signature: [x, y] points between 0 and 1 of the pad, y downwards. */
export type Stroke = [number, number][];

/**
 * PUT of a signature (multipart text fields, the spec's multipart shape): the typed name, the
 * parent's printed name, and the drawn strokes as JSON when something was drawn. The server draws
 * them onto the form and keeps the record of who signed; no PDF leaves the browser.
 */
export async function sendSignature(url: string, signature: { name: string; printedName?: string; strokes?: Stroke[] }, withToken = true): Promise<void> {
  const body = new FormData();
  body.append('name', signature.name.trim());
  if (signature.printedName?.trim()) body.append('printed_name', signature.printedName.trim());
  if (signature.strokes?.length) body.append('strokes', JSON.stringify(signature.strokes));
  await rest(url, { method: 'PUT', body, token: tokenFor(withToken) });
}

/** PUT of a PDF as the multipart part `pdf` (the staff template upload). */
export async function uploadSignedPdf(url: string, bytes: Uint8Array, withToken = true): Promise<void> {
  const body = new FormData();
  body.append('pdf', new Blob([bytes as BlobPart], { type: 'application/pdf' }), 'consent-form.pdf');
  await rest(url, { method: 'PUT', body, token: tokenFor(withToken) });
}
