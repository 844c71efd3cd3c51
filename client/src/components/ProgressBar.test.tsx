import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProgressBar } from './ProgressBar';

describe('ProgressBar', () => {
  it('is a progressbar with its numbers in text, full when nothing is required', () => {
    render(
      <>
        <ProgressBar label="Units" value={3.5} max={6} text="3.5 of 6 units" />
        <ProgressBar label="Courses" value={0} max={0} text="0 of 0 courses" />
      </>,
    );
    const [units, courses] = screen.getAllByRole('progressbar');
    expect(units.getAttribute('value')).toBe('3.5');
    expect(units.getAttribute('max')).toBe('6');
    expect(screen.getByText('3.5 of 6 units (58%)')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Courses' })).toBe(courses);
    expect(screen.getByText('0 of 0 courses (100%)')).toBeTruthy();
  });
});
