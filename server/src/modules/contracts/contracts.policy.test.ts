/** Signing and downloading enrollment contracts (pure policy, no database). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, verdict } from '../../core/policy.testing.js';
import { can, CONTRACT_POLICY_MESSAGES as M, type ContractAction, type ContractObject } from './contracts.policy.js';

const parentsContract = (staffSees = false): ContractObject => ({ parentId: ACTORS.parent.userId, staffSees });
const parentViewedAs = { ...ACTORS.parent, actingUserId: ACTORS.admin.userId };

const table: [string, typeof ACTORS.parent, ContractAction, ContractObject, string][] = [
  ['parent', ACTORS.parent, 'viewOwn', null, 'ok'],
  ['student', ACTORS.student, 'viewOwn', null, '403'],
  ['parent', ACTORS.parent, 'sign', null, 'ok'],
  ['parent', ACTORS.parent, 'sign', { school: { dualSchoolEnabled: true } }, 'ok'],
  ['parent', ACTORS.parent, 'sign', { school: { dualSchoolEnabled: false } }, `403 ${M.parentsOnly}`],
  ['parent', ACTORS.parent, 'sign', { school: null }, `403 ${M.parentsOnly}`],
  ['parent', ACTORS.parent, 'sign', { applicationStatus: 'accepted' }, 'ok'],
  ['parent', ACTORS.parent, 'sign', { applicationStatus: 'complete' }, `403 ${M.notAccepted}`],
  ['parent', ACTORS.parent, 'sign', { applicationStatus: null }, `403 ${M.notAccepted}`],
  ['parent', ACTORS.parent, 'sign', { applicationStatus: 'enrolled' }, 'ok'],
  ['admin', ACTORS.admin, 'sign', null, `403 ${M.parentsOnly}`],
  ['parent viewing as a student', ACTORS.parentAsStudent, 'sign', null, `403 ${READ_ONLY_MESSAGE}`],
  ['parent', ACTORS.parent, 'downloadPdf', parentsContract(), 'ok'],
  ['another parent', ACTORS.otherParent, 'downloadPdf', parentsContract(), '404'],
  ['staff viewing as the parent', parentViewedAs, 'downloadPdf', parentsContract(), '404'],
  ['staff of the dual school', ACTORS.admin, 'downloadPdf', parentsContract(true), 'ok'],
  ['other staff', ACTORS.otherAdmin, 'downloadPdf', parentsContract(false), '404'],
  ['student', ACTORS.student, 'downloadPdf', parentsContract(), '404'],
];

describe('contracts policy', () => {
  it.each(table)('%s may %s %j: %s', (_name, actor, action, object, expected) => {
    expect(verdict(can, actor, action, object)).toBe(expected);
  });
});
