/** Course card data for client tests. */
import type { CourseCardFieldsFragment } from '../graphql/generated';

// __typename on every object, as the server sends them (the fragment types leave them out).
export const CALCULUS = {
  __typename: 'Course',
  id: 7,
  uuid: '11111111-1111-4111-8111-111111111111',
  courseId: 'MATH 10',
  title: 'Calculus',
  description: 'Limits, derivatives and integrals.',
  units: 5,
  isScheduled: true,
  school: { __typename: 'School', id: 1, uuid: 's-1', name: 'Lincoln High School', primaryColor: '#8b1e3f', schoolType: 'HS' },
  prerequisiteGroups: ['MATH 1 or MATH 2', 'ENG 9'],
  formattedTags: [
    { __typename: 'FormattedTag', key: 'ap', name: 'AP', color: '#1f5f8b' },
    { __typename: 'FormattedTag', key: 'uc', name: 'UC', color: '#7a3e9d' },
  ],
  unitsInfo: [
    {
      __typename: 'CourseUnitsInfo',
      schoolName: 'Lincoln High School',
      schoolUuid: 's-1',
      units: 5,
      primaryColor: '#8b1e3f',
      transferable: false,
      requirements: [
        { __typename: 'CourseRequirementInfo', uuid: 'r-1', label: 'STEM: Advanced Math', pathwayColors: ['blue'] },
        { __typename: 'CourseRequirementInfo', uuid: 'r-2', label: 'A-G: Mathematics', pathwayColors: [''] },
      ],
    },
    { __typename: 'CourseUnitsInfo', schoolName: 'Valley Community College', schoolUuid: 's-2', units: 1, primaryColor: '#0b6e4f', transferable: true, requirements: [] },
  ],
} as unknown as CourseCardFieldsFragment;
