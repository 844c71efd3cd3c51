import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CourseTagOptionsDocument, UpdateCourseDocument, type CourseDetailFieldsFragment } from '../../graphql/generated';
import { CourseFormDialog } from './CourseFormDialog';

const tagOptions = { request: { query: CourseTagOptionsDocument }, result: { data: { courseTagOptions: [] } } };

function edit(course: Partial<CourseDetailFieldsFragment>, sent: Record<string, unknown>[]) {
  const update = {
    request: {
      query: UpdateCourseDocument,
      variables: (v: Record<string, unknown>) => {
        sent.push(v);
        return true;
      },
    },
    // The answer does not matter here: what the form sends does.
    result: { errors: [{ message: 'not saved in this test' }] },
  };
  const base = {
    uuid: 'c-7',
    courseId: 'MATH 7',
    title: 'Calculus',
    description: '',
    units: 1,
    prerequisites: [],
    prerequisiteGroupsUuids: [],
    tags: [],
    offeredTerms: null,
  };
  render(
    <MockedProvider mocks={[tagOptions, update]}>
      <CourseFormDialog mode={{ kind: 'edit', course: { ...base, ...course } as unknown as CourseDetailFieldsFragment }} onClose={() => {}} onSaved={() => {}} />
    </MockedProvider>,
  );
}

describe('the course form: when a course is offered', () => {
  // The form logs the refused save; the refusal is this test's own.
  beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));

  it('shows the seasons saved and sends the ones ticked', async () => {
    const sent: Record<string, unknown>[] = [];
    edit({ offeredTerms: ['fall'] }, sent);
    const fall = screen.getByRole('checkbox', { name: 'Fall' }) as HTMLInputElement;
    expect([fall.checked, (screen.getByRole('checkbox', { name: 'Spring' }) as HTMLInputElement).checked]).toEqual([true, false]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Summer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0].input as { offeredTerms: string[] }).offeredTerms).toEqual(['fall', 'summer']);
  });

  it('sends none when none is ticked: unknown, every term', async () => {
    const sent: Record<string, unknown>[] = [];
    edit({ offeredTerms: null }, sent);
    expect(screen.getByText('None ticked: not known, taken as every term.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0].input as { offeredTerms: string[] }).offeredTerms).toEqual([]);
  });
});
