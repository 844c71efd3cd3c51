import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { REASONS } from '@planner/shared';
import {
  CourseDemandDocument,
  CourseDemandStudentsDocument,
  CourseRequestColumnsDocument,
  CourseRequestWindowDocument,
  SetCourseDemandClassSizeDocument,
  SetCourseRequestColumnsDocument,
} from '../../graphql/generated';
import CourseRequestsPage from './CourseRequestsPage';

const windowMock: MockLink.MockedResponse = {
  request: { query: CourseRequestWindowDocument },
  result: { data: { courseRequestWindow: { __typename: 'CourseRequestWindow', schoolYear: '2027-2028', opensOn: '2027-02-01', closesOn: '2027-03-15', state: 'open' } } },
};
const course = (courseId: number, courseCode: string, title: string, requested: number, alternates: number, byGrade: [string, number][], sections: number) => ({
  __typename: 'CourseDemandRow',
  courseId,
  courseCode,
  title,
  requested,
  alternates,
  byGrade: byGrade.map(([grade, count]) => ({ __typename: 'CourseDemandGrade', grade, count })),
  sections,
});
// Read afresh when the window's answer comes (the card is keyed by the window), which may be
// after the demand's first answer: twice at most.
const demandMock: MockLink.MockedResponse = {
  maxUsageCount: 2,
  request: { query: CourseDemandDocument, variables: { schoolYear: null } },
  result: {
    data: {
      courseDemand: {
        __typename: 'CourseDemand',
        schoolYear: '2027-2028',
        classSize: 30,
        grades: ['10', '11'],
        courses: [
          course(
            7,
            'ALG2',
            'Algebra 2',
            31,
            1,
            [
              ['10', 20],
              ['11', 11],
            ],
            2,
          ),
          course(9, 'CHEM', 'Chemistry', 4, 0, [['11', 4]], 1),
        ],
      },
    },
  },
};

const column = (field: string, header: string) => ({ __typename: 'CourseRequestColumn', field, header });
const columnsMock = (saved: ReturnType<typeof column>[] | null): MockLink.MockedResponse => ({
  request: { query: CourseRequestColumnsDocument },
  result: { data: { courseRequestColumns: saved } },
});

describe('CourseRequestsPage', () => {
  it('shows the demand by grade with the sections, and the students behind a number on a click', async () => {
    const students: MockLink.MockedResponse = {
      request: { query: CourseDemandStudentsDocument, variables: { schoolYear: '2027-2028', courseId: 9, grade: '11', alternates: false } },
      result: {
        data: {
          courseDemandStudents: [
            { __typename: 'CourseDemandStudent', studentId: 3, name: 'Ana Diaz', rosteredId: 'S-3', grade: '11' },
            { __typename: 'CourseDemandStudent', studentId: 5, name: 'Ben Li', rosteredId: 'S-5', grade: '11' },
          ],
        },
      },
    };
    render(
      <MockedProvider mocks={[windowMock, demandMock, columnsMock(null), students]}>
        <CourseRequestsPage />
      </MockedProvider>,
    );
    // The window first: its answer keys the demand card anew.
    await screen.findByDisplayValue('2027-2028');
    const table = await screen.findByRole('table', { name: 'Course demand' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Course', 'Title', 'Requested', 'Grade 10', 'Grade 11', 'Alternates', 'Sections']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['ALG2', 'Algebra 2', '31', '20', '11', '1', '2'],
      ['CHEM', 'Chemistry', '4', '0', '4', '0', '1'],
    ]);
    expect(screen.getByText('School year 2027-2028, 30 students a section')).toBeTruthy();
    fireEvent.click(within(rows[1]).getAllByRole('button', { name: 'Show the students behind this number: 4' })[1]);
    const region = await screen.findByRole('region', { name: 'CHEM Chemistry, Grade 11: 2 students' });
    await waitFor(() =>
      expect(
        within(region)
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.textContent),
      ).toEqual(['Ana DiazS-311', 'Ben LiS-511']),
    );
  });

  it("shows the server's reason when the class size is refused", async () => {
    const refused: MockLink.MockedResponse = {
      request: { query: SetCourseDemandClassSizeDocument, variables: { classSize: 0 } },
      result: {
        errors: [
          new GraphQLError(REASONS.COURSE_DEMAND_CLASS_SIZE.replace('{max}', '200'), {
            extensions: { code: 'BAD_USER_INPUT', reason: 'COURSE_DEMAND_CLASS_SIZE', params: { max: 200 } },
          }),
        ],
      },
    };
    render(
      <MockedProvider mocks={[windowMock, demandMock, columnsMock(null), refused]}>
        <CourseRequestsPage />
      </MockedProvider>,
    );
    await screen.findByDisplayValue('2027-2028');
    const size = await screen.findByLabelText('Class size (students per section)');
    fireEvent.change(size, { target: { value: '0' } });
    fireEvent.submit(size.closest('form')!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(REASONS.COURSE_DEMAND_CLASS_SIZE.replace('{max}', '200')));
  });

  it("shows the school's saved columns, saves edited ones, and shows the server's reason for refused ones", async () => {
    const saving: MockLink.MockedResponse = {
      request: {
        query: SetCourseRequestColumnsDocument,
        variables: {
          columns: [
            { field: 'student_id', header: 'Student Number' },
            { field: 'course_code', header: 'Course' },
          ],
        },
      },
      result: { data: { setCourseRequestColumns: [column('student_id', 'Student Number'), column('course_code', 'Course')] } },
    };
    const refusal = REASONS.COURSE_REQUEST_COLUMNS_INVALID.replace('{fields}', 'student_id, course_code, school_year, term, alternate').replace('{max}', '40');
    const refused: MockLink.MockedResponse = {
      request: { query: SetCourseRequestColumnsDocument, variables: { columns: [{ field: 'student_id', header: '=1+1' }] } },
      result: {
        errors: [
          new GraphQLError(refusal, {
            extensions: {
              code: 'BAD_USER_INPUT',
              reason: 'COURSE_REQUEST_COLUMNS_INVALID',
              params: { fields: 'student_id, course_code, school_year, term, alternate', max: 40 },
            },
          }),
        ],
      },
    };
    render(
      <MockedProvider mocks={[windowMock, demandMock, columnsMock([column('student_id', 'StudentNumber')]), saving, refused]}>
        <CourseRequestsPage />
      </MockedProvider>,
    );
    const input = await screen.findByLabelText("Our school's columns");
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('student_id:StudentNumber'));
    expect(screen.getByRole('option', { name: "Our school's columns" })).toBeTruthy();
    fireEvent.change(input, { target: { value: ' student_id : Student Number ,course_code:Course' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save columns' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe("The school's columns are saved."));
    expect((input as HTMLInputElement).value).toBe('student_id:Student Number, course_code:Course');
    fireEvent.change(input, { target: { value: 'student_id:=1+1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save columns' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(refusal));
  });
});
