/** Only a parent account lists and links students (pure policy, no database). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, verdict } from '../../core/policy.testing.js';
import { can, type ParentAction } from './parents.policy.js';

const table: [keyof typeof ACTORS, ParentAction, string][] = [
  ['parent', 'listLinkedStudents', 'ok'],
  ['otherParent', 'listLinkedStudents', 'ok'],
  ['parent', 'linkStudent', 'ok'],
  ['student', 'listLinkedStudents', '403'],
  ['admin', 'linkStudent', '403'],
  ['baseline', 'linkStudent', '403'],
  // A parent viewing as their student acts as the student: no parent actions, and no writes.
  ['parentAsStudent', 'listLinkedStudents', '403'],
  ['parentAsStudent', 'linkStudent', `403 ${READ_ONLY_MESSAGE}`],
];

describe('parents policy', () => {
  it.each(table)('%s may %s: %s', (actor, action, expected) => {
    expect(verdict(can, ACTORS[actor], action, null)).toBe(expected);
  });
});
