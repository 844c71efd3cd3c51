/** Personal API tokens: staff, and only from their own signed-in session for changes (pure policy). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, verdict } from '../../core/policy.testing.js';
import { API_TOKEN_MESSAGES, can, type ApiTokenAction } from './api-tokens.policy.js';

const staffAsStudent = { ...ACTORS.admin, actingUserId: 99 };
const table: [string, typeof ACTORS.admin, ApiTokenAction, string][] = [
  ['admin', ACTORS.admin, 'list', 'ok'],
  ['admin', ACTORS.admin, 'create', 'ok'],
  ['admin', ACTORS.admin, 'revoke', 'ok'],
  ['admin with an API token', ACTORS.adminWithApiToken, 'list', 'ok'],
  ['admin with an API token', ACTORS.adminWithApiToken, 'create', `403 ${API_TOKEN_MESSAGES.sessionOnly}`],
  ['admin with an API token', ACTORS.adminWithApiToken, 'revoke', `403 ${API_TOKEN_MESSAGES.sessionOnly}`],
  ['staff on a view-as token', staffAsStudent, 'create', `403 ${API_TOKEN_MESSAGES.sessionOnly}`],
  ['student', ACTORS.student, 'list', '403'],
  ['parent', ACTORS.parent, 'create', '403'],
  ['admin viewing as a student', ACTORS.adminAsStudent, 'list', '403'],
  ['parent viewing as a student', ACTORS.parentAsStudent, 'revoke', `403 ${READ_ONLY_MESSAGE}`],
];

describe('API tokens policy', () => {
  it.each(table)('%s may %s: %s', (_name, actor, action, expected) => {
    expect(verdict(can, actor, action, null)).toBe(expected);
  });
});
