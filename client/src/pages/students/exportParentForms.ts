/** The Export Parent Forms call (planning §7): POST /api/export-parent-forms/ answering a ZIP. */
import { getToken } from '../../session/storage';

export const EXPORT_MESSAGES = {
  selectGrade: 'Please select a grade',
  selectSchool: 'Please select a school',
  notFound: 'No completed parent forms found for the selected grade and school',
  failed: 'Error exporting parent forms. Please try again.',
} as const;

/** The file name of a Content-Disposition header (filename* first, then filename), or the default. */
export function fileNameFrom(header: string | null, grade: string): string {
  const fallback = `Grade_${grade}_Parent_Forms.zip`;
  if (!header) return fallback;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim().replace(/^"|"$/g, '')) || fallback;
    } catch {
      /* fall through to filename= */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(header);
  const name = (plain?.[2] ?? plain?.[1] ?? '').trim();
  // Only a base name: a path in the header must not choose where the file goes.
  const base = name.split(/[\\/]/).pop() ?? '';
  return base || fallback;
}

export class ExportError extends Error {}

/** Sends the export and saves the ZIP; throws ExportError with the message to show. */
export async function exportParentForms(grade: string, schoolId: number): Promise<string> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch('/api/export-parent-forms/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Token ${token}` } : {}) },
      body: JSON.stringify({ grade, school_id: Math.trunc(schoolId) }),
    });
  } catch (e) {
    console.error('Export failed', e);
    throw new ExportError(EXPORT_MESSAGES.failed);
  }
  if (res.status === 404) throw new ExportError(EXPORT_MESSAGES.notFound);
  if (!res.ok) {
    console.error('Export failed with status', res.status);
    throw new ExportError(EXPORT_MESSAGES.failed);
  }
  const name = fileNameFrom(res.headers.get('Content-Disposition'), grade);
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** Grades sorted numerically (non-numeric ones after, alphabetically). */
export function sortGrades(grades: readonly string[]): string[] {
  return [...new Set(grades)].sort((a, b) => {
    const na = Number(a), nb = Number(b);
    if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
    return Number.isFinite(na) ? -1 : Number.isFinite(nb) ? 1 : a.localeCompare(b);
  });
}
