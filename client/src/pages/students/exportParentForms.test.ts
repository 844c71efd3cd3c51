import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_MESSAGES, exportParentForms, fileNameFrom, sortGrades } from './exportParentForms';

describe('export parent forms', () => {
  afterEach(() => vi.unstubAllGlobals());

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

  it('sends grade and school_id as an integer, and maps 404 and other failures to the spec texts', async () => {
    const fetchMock = vi.fn().mockResolvedValue(new Response('{}', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(exportParentForms('10', 3)).rejects.toThrow(EXPORT_MESSAGES.notFound);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/export-parent-forms/');
    expect(JSON.parse(init.body)).toEqual({ grade: '10', school_id: 3 });
    fetchMock.mockResolvedValue(new Response('{}', { status: 500 }));
    await expect(exportParentForms('10', 3)).rejects.toThrow(EXPORT_MESSAGES.failed);
    fetchMock.mockRejectedValue(new TypeError('offline'));
    await expect(exportParentForms('10', 3)).rejects.toThrow(EXPORT_MESSAGES.failed);
  });
});
