/** Test factories of the admissions area: a dual school, its parents and staff, and complete form data. */
import { emptyValues, toRecords, type ApplicationValues, type StepRecord } from '@planner/shared/application';
import type { User } from '../accounts/user.entity.js';
import type { School } from '../schools/school.entity.js';
import type { DataSource } from 'typeorm';
import { seedSchoolYears } from '../school-years/school-year-rules.js';

/**
 * The part of the test harness these factories use (typed here so the production build, which
 * leaves out src/test/, does not pull the harness in).
 */
interface Harness {
  db: DataSource;
  buildSchool(overrides?: Partial<School>): Promise<School>;
  buildParent(o?: { school?: School | null; applicationStatus?: User['applicationStatus']; firstName?: string; lastName?: string; email?: string }): Promise<User>;
}
type UserOverrides = { firstName?: string; lastName?: string; email?: string };

/** A dual school with its current and next school years (from today's date, as the demo has them). */
export async function buildDualSchool(h: Harness, overrides: Partial<School> = {}): Promise<School> {
  const school = await h.buildSchool({ name: `Dual Test ${Math.random().toString(36).slice(2, 8)}`, dualSchoolEnabled: true, ...overrides });
  await seedSchoolYears(h.db.manager, school.id, new Date().toISOString().slice(0, 10));
  return school;
}

/** A dual-school parent as sign-up makes one: type 3, application_status not_started. */
export function buildApplicant(h: Harness, school: School, o: UserOverrides = {}): Promise<User> {
  return h.buildParent({ school, applicationStatus: 'not_started', firstName: 'Pat', lastName: 'Applicant', ...o });
}

/** Every required field filled (emergency contact given explicitly). */
export function completeValues(overrides: Partial<ApplicationValues> = {}): ApplicationValues {
  return {
    ...emptyValues(),
    studentFullName: 'Riley Applicant',
    studentDOB: '04/12/2011',
    studentCurrentGrade: '8',
    studentApplyingGrade: '9',
    studentEmail: 'riley@example.org',
    parent1FullName: 'Pat Applicant',
    parent1Relationship: 'Mother',
    parent1Email: 'pat@example.org',
    parent1Phone: '555-0100',
    parent1Address: '1 Main St, Reno NV',
    emergencyName: 'Sam Neighbor',
    emergencyRelationship: 'Neighbor',
    emergencyPrimaryPhone: '555-0199',
    schoolName: 'Reno Middle School',
    schoolDates: '2022-2025',
    techComputer: true,
    techInternet: true,
    transcriptFiles: ['grades.pdf'],
    parentSignature: 'Pat Applicant',
    parentSignatureDate: '2025-03-01',
    ...overrides,
  };
}

export function completeRecords(overrides: Partial<ApplicationValues> = {}): StepRecord[] {
  return toRecords(completeValues(overrides));
}

/** Tiny files whose first bytes are those of their type. */
export const SAMPLE_FILES = {
  pdf: Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.from('1 0 obj << >> endobj\n%%EOF\n')]),
  png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
  jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]),
  doc: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]),
  docx: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0, 0]),
};
