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
        // Units follow the high-school default (7); courses are the school's own 8.
        school: {
          __typename: 'School',
          id: 1,
          schoolType: 'HS',
          termUnitCap: 7,
          termCourseCap: 8,
          termUnitCapSetting: null,
          termCourseCapSetting: 8,
          dualEnrollmentFromGrade: 9,
        },
      },
    },
  },
};

describe('planning settings', () => {
  it("shows the school's own caps (a default one empty, its value as the placeholder) and saves the ones changed", async () => {
    const save = {
      request: { query: SetAutoPlanSettingsDocument, variables: { input: { termUnitCap: null, termCourseCap: null, dualEnrollmentFromGrade: 11 } } },
      result: {
        data: {
          setAutoPlanSettings: {
            __typename: 'School',
            id: 1,
            termUnitCap: 7,
            termCourseCap: 8,
            termUnitCapSetting: null,
            termCourseCapSetting: null,
            dualEnrollmentFromGrade: 11,
          },
        },
      },
    };
    render(
      <MockedProvider mocks={[read, save]}>
        <PlanningSettingsCard />
      </MockedProvider>,
    );
    const units = (await screen.findByLabelText('Most units in one term')) as HTMLInputElement;
    const courses = screen.getByLabelText('Most courses in one term') as HTMLInputElement;
    expect([units.value, courses.value, (screen.getByLabelText('Partner college courses from grade') as HTMLSelectElement).value]).toEqual(['', '8', '9']);
    expect(units.placeholder).toBe('7');
    expect(screen.getByText('Left empty: the default for a high school, 7 units and 8 courses.')).toBeTruthy();
    // The units cap is sent as empty (still the default), not as today's 7.
    fireEvent.change(courses, { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Partner college courses from grade'), { target: { value: '11' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save planning settings' }));
    expect(await screen.findByText('School settings saved.')).toBeTruthy();
    // Both caps follow the default now: empty, the value in force as the placeholder.
    expect([units.value, courses.value, courses.placeholder]).toEqual(['', '', '8']);
  });
});
