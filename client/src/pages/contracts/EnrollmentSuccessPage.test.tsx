import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import EnrollmentSuccessPage, { CONFETTI_PIECES } from './EnrollmentSuccessPage';

function mockMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}

const positions = () => Array.from(screen.getByTestId('confetti').querySelectorAll('span')).map((s) => (s as HTMLElement).style.top);

afterEach(() => vi.useRealTimers());

describe('Enrollment success', () => {
  it('drops 100 confetti dots, moving every 50 ms, and lists what comes next', () => {
    vi.useFakeTimers();
    mockMotion(false);
    render(
      <MemoryRouter>
        <EnrollmentSuccessPage />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('confetti').querySelectorAll('span')).toHaveLength(CONFETTI_PIECES);
    const before = positions();
    act(() => vi.advanceTimersByTime(50));
    expect(positions()).not.toEqual(before);
    expect(screen.getByRole('heading', { name: "What's Next?" })).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Go to Dashboard' })).toBeTruthy();
  });

  it('keeps the dots still for people who prefer reduced motion', () => {
    vi.useFakeTimers();
    mockMotion(true);
    render(
      <MemoryRouter>
        <EnrollmentSuccessPage />
      </MemoryRouter>,
    );
    const before = positions();
    act(() => vi.advanceTimersByTime(500));
    expect(positions()).toEqual(before);
  });
});
