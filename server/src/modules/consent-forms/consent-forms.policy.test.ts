/** Consent forms and templates: the student's own form, staff of the student's school (pure policy). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, SCHOOL_A, SCHOOL_B, verdict } from '../../core/policy.testing.js';
import { can, CONSENT_POLICY_MESSAGES as M, type ConsentAction, type ConsentObject } from './consent-forms.policy.js';

const ourForm: ConsentObject = { studentId: ACTORS.student.userId, schoolId: SCHOOL_A, reach: [SCHOOL_A] };
const ourFormFromB: ConsentObject = { studentId: ACTORS.student.userId, schoolId: SCHOOL_A, reach: [SCHOOL_B] };
const theirForm: ConsentObject = { studentId: ACTORS.otherStudent.userId, schoolId: SCHOOL_B, reach: [] };
const ourSchool: ConsentObject = { schoolId: SCHOOL_A, reach: [SCHOOL_A] };
const theirSchool: ConsentObject = { schoolId: SCHOOL_B, reach: [SCHOOL_A] };

const table: [keyof typeof ACTORS, ConsentAction, ConsentObject, string][] = [
  ['student', 'startOwnForm', null, 'ok'],
  ['student', 'viewOwnForm', null, 'ok'],
  ['student', 'signOwnForm', null, 'ok'],
  ['parentAsStudent', 'viewOwnForm', null, 'ok'],
  ['parentAsStudent', 'startOwnForm', null, `403 ${READ_ONLY_MESSAGE}`],
  ['parentAsStudent', 'signOwnForm', null, `403 ${READ_ONLY_MESSAGE}`],
  ['adminAsStudent', 'signOwnForm', null, `403 ${M.onlyStudent}`],
  ['parent', 'viewOwnForm', null, '403'],
  ['admin', 'signOwnForm', null, '403'],
  ['baseline', 'viewOwnForm', null, '403'],
  // Staff: the viewer hides another school's student; export and files refuse.
  ['admin', 'viewForm', ourSchool, 'ok'],
  ['otherAdmin', 'viewForm', { schoolId: SCHOOL_A, reach: [SCHOOL_B] }, '404'],
  ['student', 'viewForm', ourSchool, '403'],
  ['admin', 'export', ourSchool, 'ok'],
  ['admin', 'export', theirSchool, '403'],
  ['admin', 'export', { school: { parentFormEnabled: false } }, `403 ${M.notEnabledForSchool}`],
  ['admin', 'export', { school: { parentFormEnabled: true } }, 'ok'],
  ['parent', 'export', ourSchool, '403'],
  // The PDF: its own student (also while a parent views as them), or staff of its school.
  ['student', 'viewFormPdf', ourForm, 'ok'],
  ['parentAsStudent', 'viewFormPdf', ourForm, 'ok'],
  ['student', 'viewFormPdf', theirForm, '403'],
  ['otherStudent', 'viewFormPdf', ourForm, '403'],
  ['admin', 'viewFormPdf', ourForm, 'ok'],
  ['otherAdmin', 'viewFormPdf', ourFormFromB, '403'],
  ['parent', 'viewFormPdf', ourForm, '403'],
  ['otherParent', 'viewFormPdf', ourForm, '403'],
  ['admin', 'viewTemplate', null, 'ok'],
  ['admin', 'editTemplate', null, 'ok'],
  ['student', 'editTemplate', null, '403'],
  ['parentAsStudent', 'editTemplate', null, `403 ${READ_ONLY_MESSAGE}`],
  ['admin', 'viewTemplatePdf', ourSchool, 'ok'],
  ['admin', 'viewTemplatePdf', theirSchool, '403'],
  ['student', 'viewTemplatePdf', null, '403'],
];

describe('consent forms policy', () => {
  it.each(table)('%s may %s %j: %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });
});
