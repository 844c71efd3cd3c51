/**
 * Dual-school admissions: a parent account of a school with the dual-school feature has one
 * application; staff of the dual schools they reach review and decide them. Transcripts go to the
 * parent who uploaded them and those staff; to anyone else a transcript does not exist.
 */
import { ALLOW, both, type Can, deny, hide, onlyTypes, writable } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const ADMISSION_POLICY_MESSAGES = {
  notApplicant: 'NOT_APPLICANT',
  notReviewer: 'NOT_REVIEWER',
  fileNotFound: 'FILE_NOT_FOUND',
} as const;

export type AdmissionAction = 'viewOwnApplication' | 'editOwnApplication' | 'review' | 'decide' | 'viewTranscript';

type ApplicationFacts = { parentId: number; schoolId: number };

/**
 * null: may the actor do this at all; `school`: the applicant's school; `dualSchoolIds`: the dual
 * schools the staff member reaches (with `application`: one application of a school).
 */
export type AdmissionObject = null | { school: { dualSchoolEnabled: boolean } | null } | { dualSchoolIds: number[]; application?: ApplicationFacts };

export const can: Can<AdmissionAction, AdmissionObject> = (actor, action, object) => {
  switch (action) {
    case 'viewOwnApplication':
    case 'editOwnApplication':
      return both(action === 'editOwnApplication' ? writable(actor) : ALLOW, () => {
        if (actor.type !== UserType.Parent || actor.schoolId === null) return deny(because(ADMISSION_POLICY_MESSAGES.notApplicant));
        return object && 'school' in object && !object.school?.dualSchoolEnabled ? deny(because(ADMISSION_POLICY_MESSAGES.notApplicant)) : ALLOW;
      });
    case 'review':
    case 'decide':
      return both(action === 'decide' ? writable(actor) : ALLOW, () =>
        both(onlyTypes(actor, [UserType.Staff], because(ADMISSION_POLICY_MESSAGES.notReviewer)), () => {
          if (!object || !('dualSchoolIds' in object)) return ALLOW;
          if (!object.dualSchoolIds.length) return deny(because(ADMISSION_POLICY_MESSAGES.notReviewer));
          return !object.application || object.dualSchoolIds.includes(object.application.schoolId) ? ALLOW : deny();
        }),
      );
    case 'viewTranscript': {
      const application = object && 'dualSchoolIds' in object ? object.application : undefined;
      if (!application) return hide(because(ADMISSION_POLICY_MESSAGES.fileNotFound));
      if (actor.type === UserType.Staff) return can(actor, 'review', object);
      // Existence must not leak to other parents or students.
      return actor.type === UserType.Parent && application.parentId === actor.userId ? ALLOW : hide(because(ADMISSION_POLICY_MESSAGES.fileNotFound));
    }
  }
};
