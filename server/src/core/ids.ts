/**
 * The one rule for ids given by a caller (a REST path parameter, a GraphQL argument, an id in a
 * body): a malformed id is bad input (400 / BAD_USER_INPUT, with a message naming what was
 * expected); a well-formed id of nothing is for the service to answer 404. Nothing malformed ever
 * reaches the database, and nothing malformed is answered as a fact (`false`, an empty list).
 *
 * Numeric ids are PostgreSQL integer columns: 1 to 2147483647, written as plain digits (no sign,
 * exponent, decimals or spaces: "1e3" and "+7" are refused, not read as numbers). A course is named
 * by its numeric id or by its uuid, wherever a course id is asked for.
 */
import { MAX_ID, isId, toId } from '@planner/shared/ids';
import { badInput, because } from './errors.js';
import { isUuid } from './validation.js';

// The bound and the reading of an id are shared with the client.
export { MAX_ID, isId, toId };

export const idMessage = (what: string) => because('ID_INVALID', { what, max: MAX_ID });
export const uuidMessage = (what: string) => because('UUID_INVALID', { what });
export const COURSE_REF_MESSAGE = 'COURSE_REF_INVALID';

/** A numeric id (path parameter or argument); anything else is a 400 naming `what` ("student", "blog post"). */
export function parseId(value: unknown, what: string): number {
  const id = toId(value);
  if (id === null) throw badInput(idMessage(what));
  return id;
}

/** A uuid id (path parameter or argument); anything else is a 400 naming `what`. */
export function parseUuid(value: unknown, what: string): string {
  if (!isUuid(value)) throw badInput(uuidMessage(what));
  return value;
}

/** A course named by its numeric id or by its uuid. */
export type CourseRef = { id: number; uuid?: undefined } | { uuid: string; id?: undefined };

/** Reads a course id: its number or its uuid; anything else is a 400. */
export function parseCourseRef(value: unknown): CourseRef {
  const id = toId(value);
  if (id !== null) return { id };
  if (isUuid(value)) return { uuid: value };
  throw badInput(because(COURSE_REF_MESSAGE));
}
