/**
 * Permission rules that cut across areas. Area-specific rules (who may view which student, edit
 * which course) live in their area's service and call these helpers.
 */
import { UserType } from '../modules/accounts/user.entity.js';
import type { Caller, RequestContext } from './context.js';
import { forbidden, unauthenticated } from './errors.js';

export const READ_ONLY_MESSAGE = 'You are viewing as this student in read-only mode; changes are not allowed.';

/**
 * Operations a read-only (parent view-as) token may still perform although they are writes:
 * leaving the view, signing out, and choosing the interface language (the parent's own setting,
 * saved on the parent, not the student's data). Both adapters ask this one list.
 */
const READ_ONLY_ALLOWED = new Set(['returnToParentView', 'logout', 'updateLocale']);

export function requireCaller(ctx: Pick<RequestContext, 'caller'>): Caller {
  if (!ctx.caller) throw unauthenticated();
  return ctx.caller;
}

/** The caller, refused when their token is read-only. Every service write starts here. */
export function requireWriter(ctx: Pick<RequestContext, 'caller'>): Caller {
  const caller = requireCaller(ctx);
  if (caller.readOnly) throw forbidden(READ_ONLY_MESSAGE);
  return caller;
}

/** Guard applied by both adapters before any mutating operation reaches a service. */
export function assertOperationAllowed(caller: Caller | null, operation: string, isWrite: boolean): void {
  if (caller?.readOnly && isWrite && !READ_ONLY_ALLOWED.has(operation)) throw forbidden(READ_ONLY_MESSAGE);
}

export function requireUserType(caller: Caller, ...types: UserType[]): void {
  if (!types.includes(caller.user.userType)) throw forbidden();
}

export const isStaff = (caller: Caller | null) => caller?.user.userType === UserType.Staff;
