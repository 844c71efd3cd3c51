/**
 * The GraphQL enums of closed string sets (graphql/enums.ts): each is its source list, value for
 * value, on the wire; a value outside it is refused by GraphQL itself with a 400, before any
 * resolver runs; a known value reaches the service and comes back as sent.
 */
import { isEnumType, type GraphQLEnumType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { APPLICATION_STATUSES, CONTACT_PREFERENCES, LOCALES } from '@planner/shared';
import { buildAppSchema } from './schema.js';
import { OUTBOX_STATUSES } from '../modules/outbox/outbox.entity.js';
import { PLAN_REVIEW_STATUSES } from '../modules/plan-review/review-state.js';
import { CASELOAD_SORTS } from '../modules/caseload/caseload-input.js';
import { STUDENT_SORTS, CONSENT_FILTERS, PLAN_FILTERS } from '../modules/students/students.service.js';
import { ACCESS_ACTIONS } from '../modules/access-log/access-actions.js';
import { useHarness } from '../test/harness.js';
import { buildDualSchool } from '../modules/admissions/admissions.factories.js';

const h = useHarness();

/** Enum name -> the list it is declared from (a sample of the table in enums.ts, one per kind). */
const SOURCES: Record<string, readonly string[]> = {
  Locale: LOCALES,
  ContactPreference: CONTACT_PREFERENCES,
  ApplicationStatus: APPLICATION_STATUSES,
  PlanReviewStatus: PLAN_REVIEW_STATUSES,
  OutboxStatus: OUTBOX_STATUSES,
  CaseloadSort: CASELOAD_SORTS,
  StudentSort: STUDENT_SORTS,
  ConsentFilter: CONSENT_FILTERS,
  StudentPlanFilter: PLAN_FILTERS,
  AccessAction: ACCESS_ACTIONS,
};

describe('GraphQL enums of stored strings', () => {
  it('name each value by its stored string, in the order of the source list, and read and write it unchanged', async () => {
    const schema = await buildAppSchema();
    for (const [name, values] of Object.entries(SOURCES)) {
      const type = schema.getType(name);
      expect(isEnumType(type), name).toBe(true);
      const e = type as GraphQLEnumType;
      expect(
        e.getValues().map((v) => v.name),
        name,
      ).toEqual([...values]);
      for (const v of values) {
        expect(e.serialize(v)).toBe(v);
        expect(e.parseValue(v)).toBe(v);
      }
      expect(() => e.parseValue('not_a_value')).toThrow();
    }
  });

  /** An argument of each kind: the operation, its variable's type, and what the staff or parent caller may send. */
  const ARGUMENTS = [
    { enumName: 'Locale', who: 'student', op: 'mutation ($v: Locale!) { updateLocale(locale: $v) }', bad: 'fr' },
    {
      enumName: 'ContactPreference',
      who: 'parent',
      op: 'mutation ($v: ContactPreference!) { updateContactPreference(contactPreference: $v, phone: "2015550123") { contactPreference } }',
      bad: 'fax',
    },
    { enumName: 'OutboxStatus', who: 'staff', op: 'query ($v: OutboxStatus) { outboxMessages(status: $v) { totalCount } }', bad: 'queued' },
    { enumName: 'ApplicationStatus', who: 'dualStaff', op: 'query ($v: ApplicationStatus) { applications(status: $v) { totalCount } }', bad: 'submitted' },
    { enumName: 'CaseloadSort', who: 'staff', op: 'query ($v: CaseloadSort) { caseload(sort: $v) { totalCount } }', bad: 'LAST_NAME' },
    { enumName: 'PlanReviewStatus', who: 'staff', op: 'query ($v: PlanReviewStatus) { caseload(filter: { review: $v }) { totalCount } }', bad: 'pending' },
    { enumName: 'StudentSort', who: 'staff', op: 'query ($v: StudentSort) { students(sort: $v) { totalCount } }', bad: 'first_name; DROP TABLE users' },
    { enumName: 'ConsentFilter', who: 'staff', op: 'query ($v: ConsentFilter) { students(consentState: $v) { totalCount } }', bad: 'signed' },
    { enumName: 'StudentPlanFilter', who: 'staff', op: 'query ($v: StudentPlanFilter) { students(plan: $v) { totalCount } }', bad: '' },
    { enumName: 'AccessAction', who: 'staff', op: 'query ($v: AccessAction) { accessLog(action: $v) { totalCount } }', bad: 'view-as' },
  ] as const;

  async function tokenOf(who: 'student' | 'parent' | 'staff' | 'dualStaff'): Promise<string> {
    if (who === 'dualStaff') return h.tokenFor(await h.buildStaff({ school: await buildDualSchool(h) }));
    if (who === 'student') return h.tokenFor(await h.buildStudent());
    if (who === 'parent') return h.tokenFor(await h.buildParent());
    return h.tokenFor(await h.buildStaff());
  }

  for (const a of ARGUMENTS) {
    it(`${a.enumName}: refuses an unknown value with 400 and GraphQL's message, and takes each known one`, async () => {
      const token = await tokenOf(a.who);
      const refused = await h.gql(a.op, { v: a.bad }, token);
      expect(refused.status).toBe(400);
      expect(refused.data).toBeUndefined();
      expect(refused.errors).toHaveLength(1);
      // GraphQL's own words (it may add a "Did you mean" suggestion).
      expect(
        refused.errors![0]!.message.startsWith(
          `Variable "$v" got invalid value ${JSON.stringify(a.bad)}; Value ${JSON.stringify(a.bad)} does not exist in "${a.enumName}" enum.`,
        ),
      ).toBe(true);
      expect(refused.code).toBe('BAD_USER_INPUT');

      // An inline literal is refused the same way, in the document's validation.
      const inline = await h.gql(a.op.replace(/^(query|mutation) \(\$v: [A-Za-z]+!?\) /, '$1 ').replace('$v', '"draft"'), {}, token);
      expect(inline.status).toBe(400);
      expect(inline.errors![0]!.message).toMatch(new RegExp(`^Enum "${a.enumName}" cannot represent non-enum value: "draft"\\.`));

      for (const v of SOURCES[a.enumName]!) {
        const res = await h.gql(a.op, { v }, token);
        expect(res.errors, `${a.enumName} ${v}`).toBeUndefined();
      }
    });
  }

  it('echo a value unchanged: updateLocale and updateContactPreference answer what was sent', async () => {
    const student = await tokenOf('student');
    for (const v of LOCALES) {
      expect((await h.gql('mutation ($v: Locale!) { updateLocale(locale: $v) }', { v }, student)).data).toEqual({ updateLocale: v });
    }
    const parent = await tokenOf('parent');
    const res = await h.gql('mutation { updateContactPreference(contactPreference: sms, phone: "2015550123") { contactPreference } }', {}, parent);
    expect(res.data).toEqual({ updateContactPreference: { contactPreference: 'sms' } });
    expect(res.body.data.updateContactPreference.contactPreference).toBe('sms');
  });
});
