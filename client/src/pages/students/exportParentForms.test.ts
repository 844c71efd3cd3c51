import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_MESSAGES, exportParentForms, fileNameFrom, sortGrades, type ExportApi, type ParentFormsExportFields } from './exportParentForms';

const noWait = () => Promise.resolve();

/** An export as the server answers it, moving through `states` one reading at a time. */
function fakeApi(readings: Partial<ParentFormsExportFields>[]): ExportApi & { started: unknown[] } {
  const base: ParentFormsExportFields = { id: 'e-1', state: 'queued', formsDone: 0, formsTotal: 0, fileName: 'Grade_10_Parent_Forms.zip', downloadPath: null };
  let i = 0;
  const next = () => ({ ...base, ...readings[Math.min(i++, readings.length - 1)] });
  const started: unknown[] = [];
  return {
    started,
    start: async (grade, schoolId) => {
      started.push({ grade, schoolId });
      return next();
    },
    progress: async (id) => {
      expect(id).toBe('e-1');
      return next();
    },
  };
}

describe('export parent forms', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('takes the file name from Content-Disposition, else Grade_{grade}_Parent_Forms.zip', () => {
    expect(fileNameFrom('attachment; filename="Lincoln_Grade_10.zip"', '10')).toBe('Lincoln_Grade_10.zip');
    expect(fileNameFrom("attachment; filename*=UTF-8''Grade%2010%20forms.zip", '10')).toBe('Grade 10 forms.zip');
    expect(fileNameFrom('attachment; filename=plain.zip', '9')).toBe('plain.zip');
    expect(fileNameFrom('attachment; filename="../../etc/evil.zip"', '9')).toBe('evil.zip');
    expect(fileNameFrom(null, '11')).toBe('Grade_11_Parent_Forms.zip');
    expect(fileNameFrom('attachment', '12')).toBe('Grade_12_Parent_Forms.zip');
  });

  it('sorts grades numerically', () => {
    expect(sortGrades(['12', '9', '10', '11', '9', 'K'])).toEqual(['9', '10', '11', '12', 'K']);
  });

  it('starts the export with school_id as an integer, reports forms done of total, then downloads the ZIP', async () => {
    const api = fakeApi([
      { state: 'queued' },
      { state: 'running', formsDone: 50, formsTotal: 120 },
      { state: 'done', formsDone: 120, formsTotal: 120, downloadPath: '/api/parent-form-exports/e-1/download/' },
    ]);
    const fetchMock = vi
      .fn()
      .mockResolvedValue(new Response(new Blob(['PK']), { status: 200, headers: { 'Content-Disposition': 'attachment; filename="Grade_10_Parent_Forms.zip"' } }));
    vi.stubGlobal('fetch', fetchMock);
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:zip'), revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const seen: string[] = [];
    const name = await exportParentForms(api, '10', 3.7, (p) => seen.push(`${p.formsDone}/${p.formsTotal}`), noWait);
    expect(api.started).toEqual([{ grade: '10', schoolId: 3 }]);
    expect(seen).toEqual(['0/0', '50/120', '120/120']);
    expect(fetchMock.mock.calls[0][0]).toBe('/api/parent-form-exports/e-1/download/');
    expect(name).toBe('Grade_10_Parent_Forms.zip');
    expect(clicked).toEqual(['Grade_10_Parent_Forms.zip']);
  });

  it('shows the spec texts: 404 (no completed forms) and every other failure, logging the failures', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const none: ExportApi = {
      start: () =>
        Promise.reject(
          new CombinedGraphQLErrors({ errors: [{ message: 'No completed parent forms found for the selected grade and school.', extensions: { code: 'NOT_FOUND' } }] }),
        ),
      progress: () => Promise.reject(new Error('not called')),
    };
    await expect(exportParentForms(none, '10', 3, () => {}, noWait)).rejects.toThrow(EXPORT_MESSAGES.notFound);
    const offline: ExportApi = { start: () => Promise.reject(new TypeError('offline')), progress: () => Promise.reject(new Error('not called')) };
    await expect(exportParentForms(offline, '10', 3, () => {}, noWait)).rejects.toThrow(EXPORT_MESSAGES.failed);
    await expect(exportParentForms(fakeApi([{ state: 'running' }, { state: 'failed' }]), '10', 3, () => {}, noWait)).rejects.toThrow(EXPORT_MESSAGES.failed);
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(new Response('{}', { status: 404 })));
    const done = fakeApi([{ state: 'done', downloadPath: '/api/parent-form-exports/e-1/download/' }]);
    await expect(exportParentForms(done, '10', 3, () => {}, noWait)).rejects.toThrow(EXPORT_MESSAGES.failed);
    // The three failures are logged for whoever looks into them; "no completed forms" is an answer, not a failure.
    expect(logged.mock.calls.map(([what]) => what)).toEqual(['Export failed', 'Export failed in the background', 'Export download failed']);
  });
});
