/**
 * The permission kernel. Each area keeps its rules in one `<area>.policy.ts` exporting
 * `can(actor, action, object)`: a pure function over the caller's facts (the `Actor`) and the
 * object's facts, which the area's service loads first. Services ask `authorize` (throws) or
 * `permits` (a yes/no for flags such as "may edit"); GraphQL resolvers and REST handlers call the
 * services, so both APIs answer from the same rules.
 */
import { UserType } from '@planner/shared';
import { forbidden, notFound, unauthenticated, because, type ReasonMessage } from './errors.js';

/** The reason of every write refused to a read-only (parent view-as) token. */
export const READ_ONLY_MESSAGE = 'READ_ONLY';

/**
 * The facts of a caller the kernel reads. The request's `Caller` (context.ts, beside services.ts:
 * it names the accounts area's User) has this shape; the kernel names no area, so the functions
 * below hand back the caller they were given, with its full type.
 */
export interface CallerFacts {
  user: { id: number; userType: UserType; schoolId: number | null };
  actingUserId: number | null;
  readOnly: boolean;
  tokenKind?: 'session' | 'api';
}

/** The caller, reduced to the facts a policy decides on. */
export interface Actor {
  /** The account the token acts as (the student, on a view-as token). */
  userId: number;
  type: UserType;
  /** The school of record; memberships come as loaded facts (accessible school ids). */
  schoolId: number | null;
  /** Set on a view-as token: the staff member or parent acting as `userId`. */
  actingUserId: number | null;
  /** A parent's view-as token: may read, never write. */
  readOnly: boolean;
  tokenKind: 'session' | 'api';
}

export function actorOf(caller: CallerFacts): Actor {
  return {
    userId: caller.user.id,
    type: caller.user.userType,
    schoolId: caller.user.schoolId,
    actingUserId: caller.actingUserId,
    readOnly: caller.readOnly,
    tokenKind: caller.tokenKind ?? 'session',
  };
}

/** Why a policy said no: forbidden with the area's message, or not found where existence must not leak. */
export class Refusal {
  constructor(
    readonly message: ReasonMessage | undefined,
    readonly hidden: boolean,
  ) {}
}

export type Verdict = true | Refusal;
export const ALLOW = true as const;
export const deny = (message?: ReasonMessage): Refusal => new Refusal(message, false);
/** Refused as 404, so that an object out of reach looks like one that does not exist. */
export const hide = (message?: ReasonMessage): Refusal => new Refusal(message, true);

/** An area's policy: named actions over that area's objects. */
export type Can<A extends string, O> = (actor: Actor, action: A, object: O) => Verdict;

/** Common first step of write actions: a parent's view-as token is refused. */
export const writable = (actor: Actor): Verdict => (actor.readOnly ? deny(because(READ_ONLY_MESSAGE)) : ALLOW);
export const isType = (actor: Actor, ...types: UserType[]): boolean => types.includes(actor.type);
/** A type-level gate: allowed for these account types, otherwise the given (or generic) refusal. */
export const onlyTypes = (actor: Actor, types: UserType[], message?: ReasonMessage): Verdict => (types.includes(actor.type) ? ALLOW : deny(message));
/** A write by one of these account types: a read-only token is refused first, then other types. */
export const writesAs = (actor: Actor, types: UserType[], message?: ReasonMessage): Verdict =>
  actor.readOnly ? deny(because(READ_ONLY_MESSAGE)) : onlyTypes(actor, types, message);
/** Both verdicts must allow; the first refusal wins. */
export const both = (first: Verdict, second: () => Verdict): Verdict => (first === true ? second() : first);

/**
 * The caller, when `can` allows `action` on `object`; otherwise throws: unauthenticated without a
 * caller, else forbidden (or not found) with the policy's message.
 */
export function authorize<A extends string, O, C extends CallerFacts>(ctx: { caller: C | null }, can: Can<A, O>, action: A, object: O): C {
  const caller = requireCaller(ctx);
  const verdict = can(actorOf(caller), action, object);
  if (verdict !== true) throw verdict.hidden ? notFound(verdict.message) : forbidden(verdict.message);
  return caller;
}

/** Whether the caller (if any) may: for flags and filters that do not refuse the request. */
export function permits<A extends string, O>(caller: CallerFacts | null, can: Can<A, O>, action: A, object: O): boolean {
  return caller !== null && can(actorOf(caller), action, object) === true;
}

/**
 * Operations a read-only (parent view-as) token may still perform although they are writes:
 * leaving the view, signing out, and choosing the interface language (the parent's own setting,
 * saved on the parent, not the student's data). Both adapters ask this one list.
 */
const READ_ONLY_ALLOWED = new Set(['returnToParentView', 'logout', 'updateLocale']);

export function requireCaller<C extends CallerFacts>(ctx: { caller: C | null }): C {
  if (!ctx.caller) throw unauthenticated();
  return ctx.caller;
}

/** The caller, refused when their token is read-only: writes that need no other rule start here. */
export function requireWriter<C extends CallerFacts>(ctx: { caller: C | null }): C {
  const caller = requireCaller(ctx);
  if (caller.readOnly) throw forbidden(because(READ_ONLY_MESSAGE));
  return caller;
}

/** Guard applied by both adapters before any mutating operation reaches a service. */
export function assertOperationAllowed(caller: CallerFacts | null, operation: string, isWrite: boolean): void {
  if (caller?.readOnly && isWrite && !READ_ONLY_ALLOWED.has(operation)) throw forbidden(because(READ_ONLY_MESSAGE));
}
