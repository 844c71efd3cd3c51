/** The application's pure rules: where the wizard resumes, required fields, status moves, upload checks. */
import { describe, expect, it } from 'vitest';
import {
  APPLICATION_STEPS,
  canMove,
  displayValue,
  emptyValues,
  isEditable,
  mergeRecords,
  missingRequired,
  resumeStep,
  toRecords,
  WIZARD_STEP_COUNT,
  type ApplicationValues,
} from './application.js';

const filled = (): ApplicationValues => ({
  ...emptyValues(),
  studentFullName: 'Riley',
  studentDOB: '04/12/2011',
  studentCurrentGrade: '8',
  studentApplyingGrade: '9',
  studentEmail: 'r@example.org',
  parent1FullName: 'Pat',
  parent1Relationship: 'Mother',
  parent1Email: 'p@example.org',
  parent1Phone: '555',
  parent1Address: '1 Main',
  emergencyName: 'Sam',
  emergencyRelationship: 'Neighbor',
  emergencyPrimaryPhone: '556',
  schoolName: 'Reno MS',
  schoolDates: '2022-2025',
  parentSignature: 'Pat',
  parentSignatureDate: '2025-03-01',
});

describe('the steps', () => {
  it('are nine, saved as steps 1-8 and 10, with the spec titles', () => {
    expect(WIZARD_STEP_COUNT).toBe(9);
    expect(APPLICATION_STEPS.map((s) => `${s.step} ${s.title}`)).toEqual([
      '1 Applicant Information',
      '2 Family Information',
      '3 Emergency Contact Information',
      '4 Student Educational Background',
      '5 Academic & Personal Interests',
      '6 Additional Information',
      '7 Technology Access',
      '8 Transcript Upload',
      '10 Signature & Acknowledgment',
    ]);
  });

  it('name every field of the spec once', () => {
    const names = APPLICATION_STEPS.flatMap((s) => s.fields.map((f) => f.name));
    expect(new Set(names).size).toBe(names.length);
    for (const n of [
      'studentPreferredName',
      'studentPhone',
      'parent2Employer',
      'emergencyAlternatePhone',
      'emergencySameAsParent1',
      'schoolReason',
      'academicStrengths',
      'hobbies',
      'interestInDual',
      'specialNeeds',
      'techComputer',
      'techInternet',
      'transcriptFiles',
      'studentSignature',
      'studentSignatureDate',
    ]) {
      expect(names).toContain(n);
    }
    expect(names).toHaveLength(40);
  });
});

describe('resumeStep', () => {
  it('starts at 0 with no data, and at 0 once the application is complete', () => {
    expect(resumeStep('not_started', [])).toBe(0);
    expect(resumeStep('complete', toRecords(filled()))).toBe(0);
  });

  it('opens the last step that has data; empty text and false do not count', () => {
    const v = { ...emptyValues(), studentFullName: 'Riley', schoolName: 'Reno MS' };
    expect(resumeStep('in_progress', toRecords(v))).toBe(3);
    expect(resumeStep('in_progress', toRecords({ ...emptyValues(), studentFullName: '  ' }))).toBe(0);
    expect(resumeStep('in_progress', toRecords({ ...v, techComputer: true }))).toBe(6);
    expect(resumeStep('in_progress', toRecords({ ...v, transcriptFiles: ['a.pdf'] }))).toBe(7);
  });

  it('maps the signature (saved as step 10) to the ninth wizard step', () => {
    expect(resumeStep('in_progress', [{ step: 10, title: 'Signature & Acknowledgment', data: { parentSignature: 'Pat' } }])).toBe(8);
    expect(resumeStep('in_progress', [{ step: 9, title: '?', data: { x: 'y' } }])).toBe(0);
  });
});

describe('required fields', () => {
  it('names every missing required field by its label, in form order', () => {
    expect(missingRequired(emptyValues())).toEqual([
      'Full Legal Name',
      'Date of Birth',
      'Current Grade',
      'Applying for Grade',
      'Student Email',
      'Parent/Guardian #1 Full Name',
      'Parent/Guardian #1 Relationship',
      'Parent/Guardian #1 Email',
      'Parent/Guardian #1 Phone',
      'Parent/Guardian #1 Address',
      'Emergency Contact Name',
      'Emergency Contact Relationship',
      'Emergency Contact Primary Phone',
      'Current/Most Recent School',
      'Dates Attended',
      'Parent/Guardian Signature',
      'Parent/Guardian Signature Date',
    ]);
    expect(missingRequired(filled())).toEqual([]);
  });

  it('needs the emergency contact only while Same as Parent/Guardian #1 is unchecked', () => {
    const noEmergency = { ...filled(), emergencyName: '', emergencyRelationship: '', emergencyPrimaryPhone: '' };
    expect(missingRequired(noEmergency)).toEqual(['Emergency Contact Name', 'Emergency Contact Relationship', 'Emergency Contact Primary Phone']);
    expect(missingRequired({ ...noEmergency, emergencySameAsParent1: true })).toEqual([]);
  });

  it('leaves the optional fields optional', () => {
    const v = filled();
    expect(v.parent2FullName).toBe('');
    expect(v.specialNeeds).toBe('');
    expect(missingRequired({ ...v, studentPhone: '', schoolReason: '', hobbies: '' })).toEqual([]);
  });
});

describe('status moves', () => {
  it('go not_started -> in_progress -> complete -> accepted -> enrolled, or complete -> declined', () => {
    expect(canMove('not_started', 'in_progress')).toBe(true);
    expect(canMove(null, 'in_progress')).toBe(true);
    expect(canMove('in_progress', 'in_progress')).toBe(true);
    expect(canMove('in_progress', 'complete')).toBe(true);
    expect(canMove('complete', 'accepted')).toBe(true);
    expect(canMove('complete', 'declined')).toBe(true);
    expect(canMove('accepted', 'enrolled')).toBe(true);
  });

  it('refuse every other move', () => {
    expect(canMove('complete', 'in_progress')).toBe(false);
    expect(canMove('complete', 'complete')).toBe(false);
    expect(canMove('in_progress', 'accepted')).toBe(false);
    expect(canMove('not_started', 'accepted')).toBe(false);
    expect(canMove('accepted', 'declined')).toBe(false);
    expect(canMove('declined', 'accepted')).toBe(false);
    expect(canMove('enrolled', 'in_progress')).toBe(false);
    expect(canMove('in_progress', 'enrolled')).toBe(false);
  });

  it('allow editing only before submission', () => {
    expect(['not_started', 'in_progress', null].map(isEditable)).toEqual([true, true, true]);
    expect(['complete', 'accepted', 'enrolled', 'declined'].map(isEditable)).toEqual([false, false, false, false]);
  });
});

describe('form data', () => {
  it('merges saved records into the form and back', () => {
    const v = mergeRecords(emptyValues(), [{ step: 3, title: 'x', data: { emergencySameAsParent1: true, bogus: 'x' } }]);
    expect(v.emergencySameAsParent1).toBe(true);
    expect(v).not.toHaveProperty('bogus');
    expect(toRecords(v)).toHaveLength(9);
  });

  it('shows values as the summary does', () => {
    expect(displayValue(true)).toBe('Yes');
    expect(displayValue(false)).toBe('No');
    expect(displayValue(['a.pdf', 'b.png'])).toBe('a.pdf, b.png');
    expect(displayValue('x')).toBe('x');
  });
});
