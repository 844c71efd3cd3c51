/**
 * The profile settings only some people have. Decision: how one hears of a plan review (email or
 * text, and the phone texts go to) is a parent's own setting, set with the parent's own session:
 * only parents are told of reviews (plan-review.service.ts), so students and staff are refused
 * (403) rather than offered a choice that changes nothing, and a parent's read-only view-as token
 * is refused like every write made through it.
 */
import { type Can, writesAs } from '../../core/policy.js';
import { UserType } from './user.entity.js';
import { because } from '../../core/errors.js';

export type ProfileAction = 'setContactPreference';

export const can: Can<ProfileAction, null> = (actor, action) => {
  switch (action) {
    case 'setContactPreference':
      return writesAs(actor, [UserType.Parent], because('CONTACT_PREFERENCE_PARENTS_ONLY'));
  }
};
