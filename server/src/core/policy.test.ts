/** The permission kernel: how a policy's verdict becomes the answer (no database). */
import { describe, expect, it } from 'vitest';
import { UserType } from '@planner/shared';
import { AppError, because } from './errors.js';
import { actorOf, ALLOW, authorize, type CallerFacts, type Can, deny, hide, permits, READ_ONLY_MESSAGE, writable, writesAs } from './policy.js';

const caller = (o: Partial<CallerFacts> = {}, user: Partial<CallerFacts['user']> = {}): CallerFacts => ({
  user: { id: 7, userType: UserType.Staff, schoolId: 3, ...user },
  actingUserId: null,
  readOnly: false,
  ...o,
});

/** A small policy: staff may 'edit' their school's objects; 'hidden' objects are not found. */
const can: Can<'edit' | 'peek', { schoolId: number }> = (actor, action, object) => {
  if (action === 'peek') return object.schoolId === actor.schoolId ? ALLOW : hide(because('NOTE_NOT_FOUND'));
  const w = writable(actor);
  if (w !== true) return w;
  return actor.type === UserType.Staff && object.schoolId === actor.schoolId ? ALLOW : deny(because('COURSE_NOT_YOURS'));
};

function thrown(fn: () => unknown): { code: string; reason: string; message: string } | null {
  try {
    fn();
    return null;
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    return { code: (e as AppError).code, reason: (e as AppError).reason, message: (e as AppError).message };
  }
}

describe('policy kernel', () => {
  it('describes the caller as an actor: the acting account, its type and school, view-as and token kind', () => {
    expect(actorOf(caller({ actingUserId: 9, readOnly: true, tokenKind: 'api' }))).toEqual({
      userId: 7,
      type: UserType.Staff,
      schoolId: 3,
      actingUserId: 9,
      readOnly: true,
      tokenKind: 'api',
    });
    expect(actorOf(caller()).tokenKind).toBe('session');
  });

  it('returns the caller when allowed', () => {
    const c = caller();
    expect(authorize({ caller: c }, can, 'edit', { schoolId: 3 })).toBe(c);
  });

  it('refuses without a caller as unauthenticated, before asking the policy', () => {
    expect(thrown(() => authorize({ caller: null }, can, 'edit', { schoolId: 3 }))).toEqual({
      code: 'UNAUTHENTICATED',
      reason: 'UNAUTHENTICATED',
      message: 'Authentication credentials were not provided or are invalid.',
    });
  });

  it("refuses as forbidden with the area's message, or not found for hidden objects", () => {
    expect(thrown(() => authorize({ caller: caller() }, can, 'edit', { schoolId: 4 }))).toEqual({
      code: 'FORBIDDEN',
      reason: 'COURSE_NOT_YOURS',
      message: 'You can only change the courses of your own school.',
    });
    expect(thrown(() => authorize({ caller: caller() }, can, 'peek', { schoolId: 4 }))).toEqual({
      code: 'NOT_FOUND',
      reason: 'NOTE_NOT_FOUND',
      message: 'Note not found.',
    });
    const generic = (() => deny()) as Can<'x', null>;
    expect(thrown(() => authorize({ caller: caller() }, generic, 'x', null))).toEqual({
      code: 'FORBIDDEN',
      reason: 'FORBIDDEN',
      message: 'You do not have permission to perform this action.',
    });
  });

  it("refuses writes on a parent's read-only view-as token", () => {
    expect(thrown(() => authorize({ caller: caller({ readOnly: true, actingUserId: 30 }) }, can, 'edit', { schoolId: 3 }))).toEqual({
      code: 'FORBIDDEN',
      reason: READ_ONLY_MESSAGE,
      message: 'You are viewing as this student in read-only mode; changes are not allowed.',
    });
  });

  it('a typed write refuses a read-only token first, then other account types', () => {
    const parentView = actorOf(caller({ readOnly: true, actingUserId: 30 }, { userType: UserType.Student }));
    expect(writesAs(parentView, [UserType.Staff])).toEqual(deny(because(READ_ONLY_MESSAGE)));
    expect(writesAs(actorOf(caller({}, { userType: UserType.Student })), [UserType.Staff], because('PAYMENTS_STAFF_ONLY'))).toEqual(deny(because('PAYMENTS_STAFF_ONLY')));
    expect(writesAs(actorOf(caller()), [UserType.Staff])).toBe(ALLOW);
  });

  it('answers yes or no for flags, no without a caller', () => {
    expect(permits(caller(), can, 'edit', { schoolId: 3 })).toBe(true);
    expect(permits(caller(), can, 'edit', { schoolId: 4 })).toBe(false);
    expect(permits(null, can, 'edit', { schoolId: 3 })).toBe(false);
  });
});
