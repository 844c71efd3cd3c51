/**
 * Parent consent forms and their templates. The student starts, reads and signs their own form
 * (a parent viewing as the student reads it, an admin viewing as the student cannot sign it);
 * staff view, export and edit templates for the schools they reach. The parent signs through the
 * emailed code, which the service checks: it is a link, not an account.
 */
import { ALLOW, both, type Can, deny, hide, onlyTypes, writesAs, type Verdict } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const CONSENT_POLICY_MESSAGES = {
  notEnabledForSchool: 'CONSENT_FORMS_DISABLED_FOR_SCHOOL',
  onlyStudent: 'CONSENT_ONLY_STUDENT',
} as const;

export type ConsentAction = 'startOwnForm' | 'viewOwnForm' | 'signOwnForm' | 'viewForm' | 'export' | 'viewFormPdf' | 'viewTemplate' | 'editTemplate' | 'viewTemplatePdf';

/**
 * null: may the actor do this at all; `schoolId` with `reach` (the school ids the actor reaches):
 * a form or template of that school (`studentId`: the form's student); `school`: the school being exported.
 */
export type ConsentObject = null | { schoolId: number | null; reach: number[]; studentId?: number } | { school: { parentFormEnabled: boolean } };

const STUDENT = [UserType.Student];
const STAFF = [UserType.Staff];

const reaches = (object: ConsentObject, refusal: () => Verdict): Verdict => {
  if (!object || !('schoolId' in object)) return ALLOW;
  return object.schoolId !== null && object.reach.includes(object.schoolId) ? ALLOW : refusal();
};

export const can: Can<ConsentAction, ConsentObject> = (actor, action, object) => {
  switch (action) {
    case 'viewOwnForm':
      return onlyTypes(actor, STUDENT);
    case 'startOwnForm':
      return writesAs(actor, STUDENT);
    case 'signOwnForm':
      return both(writesAs(actor, STUDENT), () => (actor.actingUserId !== null ? deny(because(CONSENT_POLICY_MESSAGES.onlyStudent)) : ALLOW));
    case 'viewForm':
      // Another school's student is as unknown as a wrong code.
      return both(onlyTypes(actor, STAFF), () => reaches(object, () => hide()));
    case 'export':
      return both(onlyTypes(actor, STAFF), () =>
        object && 'school' in object
          ? object.school.parentFormEnabled
            ? ALLOW
            : deny(because(CONSENT_POLICY_MESSAGES.notEnabledForSchool))
          : reaches(object, () => deny()),
      );
    case 'viewFormPdf': {
      const own = actor.type === UserType.Student && object !== null && 'studentId' in object && object.studentId === actor.userId;
      return own ? ALLOW : both(onlyTypes(actor, STAFF), () => reaches(object, () => deny()));
    }
    case 'viewTemplate':
      return onlyTypes(actor, STAFF);
    case 'editTemplate':
      return writesAs(actor, STAFF);
    case 'viewTemplatePdf':
      return both(onlyTypes(actor, STAFF), () => reaches(object, () => deny()));
  }
};
