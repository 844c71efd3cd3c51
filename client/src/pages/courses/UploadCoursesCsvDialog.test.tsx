import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider, loadCatalogue, setCurrentLocale } from '../../i18n';
import { SessionProvider } from '../../session/SessionProvider';
import { uploadCoursesCsv, type UploadAnswer } from './uploadCoursesCsv';
import { UploadCoursesCsvDialog } from './UploadCoursesCsvDialog';

// The upload itself (XMLHttpRequest) is replaced by the answer under test.
vi.mock('./uploadCoursesCsv', () => ({ uploadCoursesCsv: vi.fn() }));

afterEach(() => {
  vi.restoreAllMocks();
  setCurrentLocale('en');
});

async function uploadAs(locale: 'zh' | 'es', answer: UploadAnswer) {
  await loadCatalogue(locale);
  localStorage.setItem('locale', locale);
  vi.spyOn(console, 'error').mockImplementation(() => {});
  vi.mocked(uploadCoursesCsv).mockResolvedValue(answer);
  render(
    <MockedProvider>
      <SessionProvider>
        <I18nProvider>
          <UploadCoursesCsvDialog onClose={() => {}} onUploaded={() => {}} />
        </I18nProvider>
      </SessionProvider>
    </MockedProvider>,
  );
  const file = new File(['Course ID,Title\n'], 'courses.csv', { type: 'text/csv' });
  fireEvent.change(await screen.findByLabelText(locale === 'zh' ? 'CSV 文件' : 'Archivo CSV'), { target: { files: [file] } });
  fireEvent.click(screen.getByRole('button', { name: locale === 'zh' ? '上传' : 'Subir' }));
}

const cells = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );

describe('Upload courses CSV dialog', () => {
  it('shows a Chinese reader each rejected row and warning in Chinese by its reason, and the English where there is no translation', async () => {
    await uploadAs('zh', {
      status: 200,
      body: {
        created: 1,
        updated: 0,
        errors: [
          // The server's English was reworded: the reason code alone picks the text.
          { line: 3, course_id: 'A', reason: 'CATALOGUE_ROW_DUPLICATE', params: { course: 'A', line: '2' }, message: 'A is twice in the file.' },
          { line: 4, course_id: 'B', reason: 'SOMETHING_NEW', message: 'A reason this client does not know.' },
        ],
        warnings: [
          {
            line: 5,
            course_id: 'C',
            reason: 'CATALOGUE_ROW_PREREQUISITES_DROPPED',
            params: { courses: 'X1, X2' },
            message: 'Unknown prerequisites X1, X2 dropped from their groups; the other courses of the group were kept.',
          },
        ],
      },
    });
    expect(cells(await screen.findByRole('table', { name: '被拒绝的行' }))).toEqual([
      ['3', 'A', '文件中的课程编号 A 重复（首次出现在第 2 行）。'],
      ['4', 'B', 'A reason this client does not know.'],
    ]);
    expect(cells(screen.getByRole('table', { name: '已保存，未知的先修课程已移除' }))).toEqual([
      ['5', 'C', '已从所在组中删除未知的先修课程 X1, X2；各组的其他课程已保留。'],
    ]);
  });

  it("shows a Spanish reader the server's refusal of the whole file by its reason", async () => {
    await uploadAs('es', { status: 400, body: { error: 'The file is empty.', reason: 'FILE_EMPTY' } as UploadAnswer['body'] });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('El archivo está vacío.');
    expect(alert.textContent).not.toContain('The file is empty.');
  });
});
