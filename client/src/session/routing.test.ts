import { describe, expect, it } from 'vitest';
import {
  afterSignInPath, afterSignUpPath, applicationProgress, headerKind, homeView, isRestricted, navItems, NOT_VIEWING,
  type RoutingUser, yearLabelsFor,
} from './routing';

const hs = { schoolType: 'HS', dualSchoolEnabled: false, fourYearPlanEnabled: true, baselinePlansEnabled: true };
const dual = { ...hs, dualSchoolEnabled: true, baselinePlansEnabled: false };
const user = (userType: number, school = hs, applicationStatus: string | null = null): RoutingUser => ({ userType, school, applicationStatus });
const labels = (u: RoutingUser, flags = NOT_VIEWING) => navItems(headerKind(u, flags), u).map((i) => i.label);

describe('after sign-in and sign-up', () => {
  it('sends staff to /courses, parents to /parent-students, everyone else to /plan', () => {
    expect(afterSignInPath(2)).toBe('/courses');
    expect(afterSignInPath(3)).toBe('/parent-students');
    expect(afterSignInPath(1)).toBe('/plan');
    expect(afterSignInPath(4)).toBe('/plan');
  });
  it('sends a new student to /student-info and others to /', () => {
    expect(afterSignUpPath(1)).toBe('/student-info');
    expect(afterSignUpPath(2)).toBe('/');
    expect(afterSignUpPath(3)).toBe('/');
  });
});

describe('home route', () => {
  it('follows the route table', () => {
    expect(homeView(null, NOT_VIEWING)).toBe('landing');
    expect(homeView(user(2), NOT_VIEWING)).toBe('students-list');
    expect(homeView(user(2), { adminViewing: true, parentViewing: false })).toBe('plan');
    expect(homeView(user(3), NOT_VIEWING)).toBe('parent-home');
    expect(homeView(user(1), NOT_VIEWING)).toBe('plan');
    expect(homeView(user(1, { ...hs, fourYearPlanEnabled: false }), NOT_VIEWING)).toBe('profile');
    expect(homeView(user(4), NOT_VIEWING)).toBe('plan');
  });
});

describe('restricted dual-school parent', () => {
  it('holds a parent of a dual HS school with an unfinished application', () => {
    expect(isRestricted(user(3, dual, 'not_started'), NOT_VIEWING)).toBe(true);
    expect(isRestricted(user(3, dual, 'in_progress'), NOT_VIEWING)).toBe(true);
  });
  it('lets everyone else through', () => {
    expect(isRestricted(user(3, dual, 'complete'), NOT_VIEWING)).toBe(false);
    expect(isRestricted(user(3, dual, 'accepted'), NOT_VIEWING)).toBe(false);
    expect(isRestricted(user(3, hs, 'not_started'), NOT_VIEWING)).toBe(false);
    expect(isRestricted(user(3, { ...dual, schoolType: 'CLG' }, 'not_started'), NOT_VIEWING)).toBe(false);
    expect(isRestricted(user(3, dual, 'in_progress'), { adminViewing: false, parentViewing: true })).toBe(false);
    expect(isRestricted(user(1, dual, 'not_started'), NOT_VIEWING)).toBe(false);
    expect(isRestricted(null, NOT_VIEWING)).toBe(false);
  });
});

describe('headers', () => {
  it('chooses the variant by user and view', () => {
    expect(headerKind(null, NOT_VIEWING)).toBe('default');
    expect(headerKind(user(3, dual, 'not_started'), NOT_VIEWING)).toBe('restricted');
    expect(headerKind(user(2), NOT_VIEWING)).toBe('admin-hs');
    expect(headerKind(user(2, { ...hs, schoolType: 'CLG' }), NOT_VIEWING)).toBe('admin');
    expect(headerKind(user(1), { adminViewing: true, parentViewing: false })).toBe('admin-as-student');
    expect(headerKind(user(1), { adminViewing: false, parentViewing: true })).toBe('parent-as-student');
    expect(headerKind(user(3), NOT_VIEWING)).toBe('parent');
    expect(headerKind(user(4), NOT_VIEWING)).toBe('baseline');
    expect(headerKind(user(1), NOT_VIEWING)).toBe('student');
  });
  it('gives staff My Courses, CC Courses, Pathways, Students and Baseline Plans by flags', () => {
    expect(labels(user(2))).toEqual(['My Courses', 'CC Courses', 'Pathways', 'Students', 'Baseline Plans', 'Access Log']);
    expect(labels(user(2, { ...hs, baselinePlansEnabled: false }))).toEqual(['My Courses', 'CC Courses', 'Pathways', 'Students', 'Access Log']);
    expect(labels(user(2, { ...hs, fourYearPlanEnabled: false }))).toEqual(['Students', 'Access Log']);
  });
  it('adds Admissions and Family Payments for staff of a school with the dual school', () => {
    expect(labels(user(2, dual))).toEqual(['My Courses', 'CC Courses', 'Pathways', 'Students', 'Admissions', 'Family Payments', 'Access Log']);
    expect(labels(user(2, { ...dual, fourYearPlanEnabled: false }))).toEqual(['Students', 'Admissions', 'Family Payments', 'Access Log']);
  });
  it('gives students Courses only with the four-year plan', () => {
    expect(labels(user(1))).toEqual(['Academic Plan', 'Pathways', 'Courses']);
    expect(labels(user(1, { ...hs, fourYearPlanEnabled: false }))).toEqual(['Academic Plan', 'Pathways']);
    expect(labels(user(4))).toEqual(['Academic Plan', 'Pathways', 'Courses']);
  });
  it('hides My Students and Payments from a parent whose application is complete or accepted', () => {
    expect(labels(user(3))).toEqual(['My Students', 'Applications', 'Payments']);
    expect(labels(user(3, dual, 'complete'))).toEqual(['Applications']);
    expect(labels(user(3, dual, 'accepted'))).toEqual(['Applications']);
    expect(labels(user(3, dual, 'enrolled'))).toEqual(['My Students', 'Applications', 'Payments']);
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
