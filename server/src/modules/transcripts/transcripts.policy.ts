/**
 * Transcripts: staff import their school's course history, follow an import of a school they
 * reach, read and correct the records of their school's students. Another school's import, record
 * or student is as unknown as a wrong id. Students and parents change no record (the plan refuses
 * their grade and completion edits of a record's course: plans.service.ts).
 */
import { ALLOW, both, type Can, hide, onlyTypes, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const TRANSCRIPT_POLICY_MESSAGES = {
  importNotFound: 'TRANSCRIPT_NOT_FOUND',
  recordNotFound: 'TRANSCRIPT_RECORD_NOT_FOUND',
  studentNotFound: 'TRANSCRIPT_STUDENT_NOT_FOUND',
} as const;

export type TranscriptAction = 'import' | 'viewImport' | 'viewRecords' | 'correct';

/** null: may the actor do this at all; else the school of the import, record or student, with the school ids the actor reaches. */
export type TranscriptObject = null | { schoolId: number | null; reach: number[] };

const STAFF = [UserType.Staff];

export const can: Can<TranscriptAction, TranscriptObject> = (actor, action, object) => {
  const inReach = (reason: keyof typeof TRANSCRIPT_POLICY_MESSAGES) => () =>
    !object || (object.schoolId !== null && object.reach.includes(object.schoolId)) ? ALLOW : hide(because(TRANSCRIPT_POLICY_MESSAGES[reason]));
  switch (action) {
    case 'import':
      return writesAs(actor, STAFF);
    case 'viewImport':
      return both(onlyTypes(actor, STAFF), inReach('importNotFound'));
    case 'viewRecords':
      return both(onlyTypes(actor, STAFF), inReach('studentNotFound'));
    case 'correct':
      return both(writesAs(actor, STAFF), inReach('recordNotFound'));
  }
};
