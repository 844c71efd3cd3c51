/**
 * Export Parent Forms (planning §7) on the staff screen: a background export of the grade's
 * completed forms (startParentFormsExport), its progress, then the ZIP's download. Scripts keep
 * using POST /api/export-parent-forms/, which answers the same ZIP at once.
 */
import { errorInfo } from '../../graphql/errors';
import type { MessageKey } from '../../i18n/en';
import { restBlob, saveBlob } from '../../api/rest';

/** The catalogue keys of the dialog's hints and refusals. */
export const EXPORT_MESSAGES = {
  selectGrade: 'students.selectGrade',
  selectSchool: 'students.selectSchool',
  notFound: 'students.notFound',
  failed: 'students.failed',
} as const satisfies Record<string, MessageKey>;

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

/** A failed export; its message is the catalogue key of what the dialog shows. */
export class ExportError extends Error {
  constructor(readonly key: MessageKey) {
    super(key);
  }
}

export type ExportProgress = { formsDone: number; formsTotal: number };

/** What the export needs of the GraphQL client: start the export, then read its progress. */
export interface ExportApi {
  start(grade: string, schoolId: number): Promise<ParentFormsExportFields>;
  progress(id: string): Promise<ParentFormsExportFields>;
}

export interface ParentFormsExportFields {
  id: string;
  state: string;
  formsDone: number;
  formsTotal: number;
  fileName: string;
  downloadPath?: string | null;
}

/** How often the export's progress is read. */
export const POLL_MS = 1000;

/**
 * The export of the staff screen: starts a background export of the grade, reports its progress
 * until it is built, then downloads the ZIP; throws ExportError with the spec's message to show.
 */
export async function exportParentForms(
  api: ExportApi,
  grade: string,
  schoolId: number,
  onProgress: (p: ExportProgress) => void,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<string> {
  let current: ParentFormsExportFields;
  try {
    current = await api.start(grade, Math.trunc(schoolId));
    while (current.state === 'queued' || current.state === 'running') {
      onProgress({ formsDone: current.formsDone, formsTotal: current.formsTotal });
      await wait(POLL_MS);
      current = await api.progress(current.id);
    }
  } catch (e) {
    if (errorInfo(e).code === 'NOT_FOUND') throw new ExportError(EXPORT_MESSAGES.notFound);
    console.error('Export failed', e);
    throw new ExportError(EXPORT_MESSAGES.failed);
  }
  if (current.state !== 'done' || !current.downloadPath) {
    console.error('Export failed in the background', current);
    throw new ExportError(EXPORT_MESSAGES.failed);
  }
  onProgress({ formsDone: current.formsDone, formsTotal: current.formsTotal });
  return downloadZip(current.downloadPath, grade);
}

/** Fetches the finished ZIP (with the session's token) and saves it under the Content-Disposition name. */
async function downloadZip(path: string, grade: string): Promise<string> {
  let zip: { blob: Blob; headers: Headers };
  try {
    zip = await restBlob(path);
  } catch (e) {
    console.error('Export download failed', e);
    throw new ExportError(EXPORT_MESSAGES.failed);
  }
  const name = fileNameFrom(zip.headers.get('Content-Disposition'), grade);
  saveBlob(zip.blob, name);
  return name;
}

/** Grades sorted numerically (non-numeric ones after, alphabetically). */
export function sortGrades(grades: readonly string[]): string[] {
  return [...new Set(grades)].sort((a, b) => {
    const na = Number(a),
      nb = Number(b);
    if (Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
    return Number.isFinite(na) ? -1 : Number.isFinite(nb) ? 1 : a.localeCompare(b);
  });
}
