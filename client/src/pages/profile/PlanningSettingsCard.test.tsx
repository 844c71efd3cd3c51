import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PlanningSettingsDocument, SetAutoPlanSettingsDocument } from './profile.generated';
import { PlanningSettingsCard } from './PlanningSettingsCard';

const read = {
  request: { query: PlanningSettingsDocument },
  result: {
    data: {
      currentUser: {
        __typename: 'User',
        id: 3,
        school: { __typename: 'School', id: 1, schoolType: 'HS', termUnitCap: 7, termCourseCap: 8, dualEnrollmentFromGrade: 9 },
      },
    },
  },
};

describe('planning settings', () => {
  it("shows the school's caps and dual-enrollment grade, and saves the ones changed (an empty cap: the default)", async () => {
    const save = {
      request: { query: SetAutoPlanSettingsDocument, variables: { input: { termUnitCap: null, termCourseCap: 6, dualEnrollmentFromGrade: 11 } } },
      result: { data: { setAutoPlanSettings: { __typename: 'School', id: 1, termUnitCap: 7, termCourseCap: 6, dualEnrollmentFromGrade: 11 } } },
    };
    render(
      <MockedProvider mocks={[read, save]}>
        <PlanningSettingsCard />
      </MockedProvider>,
    );
    const units = (await screen.findByLabelText('Most units in one term')) as HTMLInputElement;
    const courses = screen.getByLabelText('Most courses in one term') as HTMLInputElement;
    expect([units.value, courses.value, (screen.getByLabelText('Partner college courses from grade') as HTMLSelectElement).value]).toEqual(['7', '8', '9']);
    expect(screen.getByText('Left empty: the default for a high school, 7 units and 8 courses.')).toBeTruthy();
    fireEvent.change(units, { target: { value: '' } });
    fireEvent.change(courses, { target: { value: '6' } });
    fireEvent.change(screen.getByLabelText('Partner college courses from grade'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save planning settings' }));
    expect(await screen.findByText('School settings saved.')).toBeTruthy();
    // The field shows the cap in force again: the default.
    expect(units.value).toBe('7');
  });
});
