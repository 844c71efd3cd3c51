import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImportProgress } from './ImportProgress';

const words = { waitingLabel: 'Importing students', waitingText: 'Importing students…', rowsText: '40 of 120 rows' };

describe('ImportProgress', () => {
  it("shows the upload's percent, then the wait, then the rows saved of the file's", () => {
    const { rerender } = render(<ImportProgress progress={0.426} rows={null} {...words} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading' }).getAttribute('value')).toBe('0.426');
    expect(screen.getByText('Uploading… 43%')).toBeTruthy();

    rerender(<ImportProgress progress={null} rows={null} {...words} />);
    expect(screen.getByRole('progressbar', { name: 'Importing students' }).hasAttribute('value')).toBe(false);
    expect(screen.getByText('Importing students…')).toBeTruthy();

    rerender(<ImportProgress progress={null} rows={{ doneRows: 40, totalRows: 120 }} {...words} />);
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect([bar.getAttribute('value'), bar.getAttribute('max')]).toEqual(['40', '120']);
    expect(screen.getByText('40 of 120 rows')).toBeTruthy();
  });
});
