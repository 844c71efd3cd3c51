import { en } from '../i18n/en';
import { describe, expect, it } from 'vitest';
import {
  afterSignInPath,
  afterSignUpPath,
  applicationProgress,
  headerKind,
  homeView,
  isRestricted,
  navItems,
  NOT_VIEWING,
  type RoutingUser,
  yearLabelsFor,
} from './routing';
import type { UserType } from '../graphql/generated';

const hs = { schoolType: 'HS', dualSchoolEnabled: false, fourYearPlanEnabled: true, baselinePlansEnabled: true };
const dual = { ...hs, dualSchoolEnabled: true, baselinePlansEnabled: false };
const user = (userType: UserType, school = hs, applicationStatus: string | null = null): RoutingUser => ({ userType, school, applicationStatus });
const labels = (u: RoutingUser, flags = NOT_VIEWING) => navItems(headerKind(u, flags), u).map((i) => en[i.label]);

describe('after sign-in and sign-up', () => {
  it('sends staff to /courses, parents to /parent-students, everyone else to /plan', () => {
    expect(afterSignInPath('Staff')).toBe('/courses');
    expect(afterSignInPath('Parent')).toBe('/parent-students');
    expect(afterSignInPath('Student')).toBe('/plan');
    expect(afterSignInPath('BaselinePlan')).toBe('/plan');
  });
  it('sends a new student to /student-info and others to /', () => {
    expect(afterSignUpPath('Student')).toBe('/student-info');
    expect(afterSignUpPath('Staff')).toBe('/');
    expect(afterSignUpPath('Parent')).toBe('/');
  });
});

describe('home route', () => {
  it('follows the route table', () => {
    expect(homeView(null, NOT_VIEWING)).toBe('landing');
    expect(homeView(user('Staff'), NOT_VIEWING)).toBe('students-list');
    expect(homeView(user('Staff'), { adminViewing: true, parentViewing: false })).toBe('plan');
    expect(homeView(user('Parent'), NOT_VIEWING)).toBe('parent-home');
    expect(homeView(user('Student'), NOT_VIEWING)).toBe('plan');
    expect(homeView(user('Student', { ...hs, fourYearPlanEnabled: false }), NOT_VIEWING)).toBe('profile');
    expect(homeView(user('BaselinePlan'), NOT_VIEWING)).toBe('plan');
  });
});

describe('restricted dual-school parent', () => {
  it('holds a parent of a dual HS school with an unfinished application', () => {
    expect(isRestricted(user('Parent', dual, 'not_started'), NOT_VIEWING)).toBe(true);
    expect(isRestricted(user('Parent', dual, 'in_progress'), NOT_VIEWING)).toBe(true);
  });
  it('lets everyone else through', () => {
    expect(isRestricted(user('Parent', dual, 'complete'), NOT_VIEWING)).toBe(false);
    expect(isRestricted(user('Parent', dual, 'accepted'), NOT_VIEWING)).toBe(false);
    expect(isRestricted(user('Parent', hs, 'not_started'), NOT_VIEWING)).toBe(false);
    expect(isRestricted(user('Parent', { ...dual, schoolType: 'CLG' }, 'not_started'), NOT_VIEWING)).toBe(false);
    expect(isRestricted(user('Parent', dual, 'in_progress'), { adminViewing: false, parentViewing: true })).toBe(false);
    expect(isRestricted(user('Student', dual, 'not_started'), NOT_VIEWING)).toBe(false);
    expect(isRestricted(null, NOT_VIEWING)).toBe(false);
  });
});

describe('headers', () => {
  it('chooses the variant by user and view', () => {
    expect(headerKind(null, NOT_VIEWING)).toBe('default');
    expect(headerKind(user('Parent', dual, 'not_started'), NOT_VIEWING)).toBe('restricted');
    expect(headerKind(user('Staff'), NOT_VIEWING)).toBe('admin-hs');
    expect(headerKind(user('Staff', { ...hs, schoolType: 'CLG' }), NOT_VIEWING)).toBe('admin');
    expect(headerKind(user('Student'), { adminViewing: true, parentViewing: false })).toBe('admin-as-student');
    expect(headerKind(user('Student'), { adminViewing: false, parentViewing: true })).toBe('parent-as-student');
    expect(headerKind(user('Parent'), NOT_VIEWING)).toBe('parent');
    expect(headerKind(user('BaselinePlan'), NOT_VIEWING)).toBe('baseline');
    expect(headerKind(user('Student'), NOT_VIEWING)).toBe('student');
  });
  it('gives staff My Courses, CC Courses, Pathways, Students, Baseline Plans and Course Requests by flags', () => {
    expect(labels(user('Staff'))).toEqual(['My Courses', 'CC Courses', 'Pathways', 'Students', 'Baseline Plans', 'Course Requests', 'Access Log']);
    expect(labels(user('Staff', { ...hs, baselinePlansEnabled: false }))).toEqual(['My Courses', 'CC Courses', 'Pathways', 'Students', 'Course Requests', 'Access Log']);
    expect(labels(user('Staff', { ...hs, fourYearPlanEnabled: false }))).toEqual(['Students', 'Access Log']);
  });
  it('adds Admissions, Family Payments and School Years for staff of a school with the dual school', () => {
    expect(labels(user('Staff', dual))).toEqual([
      'My Courses',
      'CC Courses',
      'Pathways',
      'Students',
      'Course Requests',
      'Admissions',
      'Family Payments',
      'School Years',
      'Access Log',
    ]);
    expect(labels(user('Staff', { ...dual, fourYearPlanEnabled: false }))).toEqual(['Students', 'Admissions', 'Family Payments', 'School Years', 'Access Log']);
  });
  it('gives students Courses only with the four-year plan', () => {
    expect(labels(user('Student'))).toEqual(['Academic Plan', 'Pathways', 'Courses']);
    expect(labels(user('Student', { ...hs, fourYearPlanEnabled: false }))).toEqual(['Academic Plan', 'Pathways']);
    expect(labels(user('BaselinePlan'))).toEqual(['Academic Plan', 'Pathways', 'Courses']);
  });
  it('hides My Students and Payments from a parent whose application is complete or accepted', () => {
    expect(labels(user('Parent'))).toEqual(['My Students', 'Applications', 'Payments']);
    expect(labels(user('Parent', dual, 'complete'))).toEqual(['Applications']);
    expect(labels(user('Parent', dual, 'accepted'))).toEqual(['Applications']);
    expect(labels(user('Parent', dual, 'enrolled'))).toEqual(['My Students', 'Applications', 'Payments']);
  });
});

describe('constants', () => {
  it('year labels: HS four, CLG two', () => {
    expect(yearLabelsFor('HS')).toEqual(['9th Grade', '10th Grade', '11th Grade', '12th Grade']);
    expect(yearLabelsFor('CLG')).toEqual(['1st Year', '2nd Year']);
  });
  it('application progress counts out of 10', () => {
    expect(applicationProgress(0)).toBe(0.1);
    expect(applicationProgress(9)).toBe(1);
  });
});
