import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CALCULUS } from '../../test/courseFixtures';
import { CourseCard } from './CourseCard';
import { formatUnits } from '../../components/units';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderCard(course = CALCULUS, link = true, at = '/courses') {
  render(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/courses" element={<CourseCard course={course} link={link} />} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('CourseCard', () => {
  it('shows the course, the scheduled mark, school, description, prerequisites, the per-school table and tag chips', () => {
    renderCard();
    const card = screen.getByRole('link', { name: 'MATH 10 Calculus' });
    expect(within(card).getByRole('heading').textContent).toBe('MATH 10 Calculus');
    expect(within(card).getByText('Scheduled in your plan')).toBeTruthy();
    expect(within(card).getByText('Lincoln High School', { selector: 'p' })).toBeTruthy();
    expect(within(card).getByText('Limits, derivatives and integrals.')).toBeTruthy();
    expect(within(card).getByText('Prerequisites: MATH 1 or MATH 2; ENG 9')).toBeTruthy();
    expect(
      within(card)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Lincoln High School 5 units', 'Valley Community College 1 unit']);
    const rows = within(card).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['STEM: Advanced Math', ''],
      ['A-G: Mathematics', ''],
    ]);
    const chips = within(within(card).getByRole('list', { name: 'Tags' })).getAllByRole('listitem');
    expect(chips.map((c) => c.textContent)).toEqual(['AP', 'UC']);
    expect(chips[0].style.backgroundColor).toBe('rgb(31, 95, 139)');
    expect(card.style.borderColor).toBe('rgb(139, 30, 63)');
  });

  it('leaves out the mark and the prerequisites line when there are none', () => {
    renderCard({ ...CALCULUS, isScheduled: false, prerequisiteGroups: [], formattedTags: [] });
    expect(screen.queryByText('Scheduled in your plan')).toBeNull();
    expect(screen.queryByText(/^Prerequisites:/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Tags' })).toBeNull();
  });

  it('opens /course-page/{uuid} on click', () => {
    renderCard();
    fireEvent.click(screen.getByRole('link', { name: 'MATH 10 Calculus' }));
    expect(screen.getByTestId('where').textContent).toBe(`/course-page/${CALCULUS.uuid}`);
  });

  it("keeps the what-if plan of the catalogue's address (?whatIf=) on the course page", () => {
    renderCard(CALCULUS, true, '/courses?whatIf=12');
    fireEvent.click(screen.getByRole('link', { name: 'MATH 10 Calculus' }));
    expect(screen.getByTestId('where').textContent).toBe(`/course-page/${CALCULUS.uuid}?whatIf=12`);
  });

  it('opens /course-page/{uuid} on Enter', () => {
    renderCard();
    fireEvent.keyDown(screen.getByRole('link', { name: 'MATH 10 Calculus' }), { key: 'Enter' });
    expect(screen.getByTestId('where').textContent).toBe(`/course-page/${CALCULUS.uuid}`);
  });

  it('is not a link on the course page itself', () => {
    renderCard(CALCULUS, false);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByRole('article')).toBeTruthy();
  });

  it('writes units as people do', () => {
    expect(formatUnits(3)).toBe('3 units');
    expect(formatUnits(1)).toBe('1 unit');
    expect(formatUnits(2.5)).toBe('2.5 units');
    expect(formatUnits(0)).toBe('0 units');
  });
});
