import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionProvider } from '../session/SessionProvider';
import { I18nProvider, loadCatalogue, setCurrentLocale, useTermLabel } from '.';

afterEach(() => {
  setCurrentLocale('en');
  localStorage.removeItem('locale');
});

function Labels({ labels }: { labels: string[] }) {
  const read = useTermLabel();
  return (
    <ul>
      {labels.map((l) => (
        <li key={l}>{read(l)}</li>
      ))}
    </ul>
  );
}

const LABELS = ['9th Grade', 'Freshman fall', '2nd Year', 'constructor'];

async function shown(locale: 'en' | 'es' | 'zh'): Promise<string[]> {
  await loadCatalogue(locale);
  localStorage.setItem('locale', locale);
  render(
    <MockedProvider mocks={[]}>
      <SessionProvider>
        <I18nProvider>
          <Labels labels={LABELS} />
        </I18nProvider>
      </SessionProvider>
    </MockedProvider>,
  );
  return (await screen.findAllByRole('listitem')).map((li) => li.textContent ?? '');
}

describe('term labels on the plan', () => {
  it("reads a school's default labels in the reader's language and keeps written ones as written", async () => {
    expect(await shown('es')).toEqual(['Grado 9', 'Freshman fall', 'Segundo año', 'constructor']);
  });

  it('reads them unchanged in English', async () => {
    expect(await shown('en')).toEqual(LABELS);
  });

  it('reads them in Chinese', async () => {
    expect(await shown('zh')).toEqual(['九年级', 'Freshman fall', '第二学年', 'constructor']);
  });
});
