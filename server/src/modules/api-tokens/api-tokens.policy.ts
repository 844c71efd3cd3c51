/**
 * Personal API tokens: staff list theirs with any token, but create and revoke them only from a
 * signed-in session of their own (not with an API token, not while viewing as a student), so a
 * leaked token cannot mint more.
 */
import { ALLOW, both, type Can, deny, onlyTypes, writesAs } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const API_TOKEN_MESSAGES = {
  sessionOnly: 'API_TOKEN_SESSION_ONLY',
} as const;

export type ApiTokenAction = 'list' | 'create' | 'revoke';

export const can: Can<ApiTokenAction, null> = (actor, action) => {
  if (action === 'list') return onlyTypes(actor, [UserType.Staff]);
  return both(writesAs(actor, [UserType.Staff]), () =>
    actor.tokenKind === 'api' || actor.actingUserId !== null ? deny(because(API_TOKEN_MESSAGES.sessionOnly)) : ALLOW,
  );
};
