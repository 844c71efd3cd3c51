import { graphql } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createLoaders } from '../../loaders.js';
import { countQueries } from '../../db/query-counter.js';
import { buildAppSchema } from '../../graphql/schema.js';
import { useHarness } from '../../test/harness.js';
import { UserType } from '../accounts/user.entity.js';
import { buildCourse, buildScheduled } from '../plans/plans.factories.js';
import type { School } from '../schools/school.entity.js';

const h = useHarness();

const DASHBOARD = `{ studentDashboard { totalStudents studentsWithoutPlan studentsWithWarnings
  consentStates { key count } cccApplyStatuses { key count } applicationStatuses { key count } } }`;
const LIST = `query($consentState: ConsentFilter, $cccApplyStatus: String, $plan: StudentPlanFilter) {
  students(consentState: $consentState, cccApplyStatus: $cccApplyStatus, plan: $plan) { totalCount nodes { firstName } } }`;

/** A school with: Ann (no plan, no form), Bo (plan with a warning, form parent_signed, CCC submitted), Cy (plan fine, CCC submitted). */
async function schoolWithStudents(): Promise<{ school: School; token: string }> {
  const school = await h.buildSchool();
  const token = await h.tokenFor(await h.buildStaff({ school }));
  await h.buildStudent({ school, firstName: 'Ann' });
  const bo = await h.buildStudent({ school, firstName: 'Bo' });
  const cy = await h.buildStudent({ school, firstName: 'Cy' });
  const algebra = await buildCourse(h.db, school, { title: 'Algebra' });
  const geometry = await buildCourse(h.db, school, { title: 'Geometry', prerequisites: [[algebra]] });
  await buildScheduled(h.db, bo.id, geometry, 1); // no Algebra before it: a warning
  await buildScheduled(h.db, cy.id, algebra, 1);
  await buildScheduled(h.db, cy.id, geometry, 2);
  await h.db.query(`INSERT INTO consent_forms (student_id, school_id, state) VALUES ($1, $2, 'parent_signed')`, [bo.id, school.id]);
  await h.db.query(`UPDATE users SET ccc_apply_status = 'Submitted' WHERE id = ANY($1)`, [[bo.id, cy.id]]);
  await h.buildUser(UserType.Parent, { school, applicationStatus: 'complete' });
  return { school, token };
}

describe('counselor dashboard', () => {
  it('counts consent states, CCCApply statuses, plan completeness and applications', async () => {
    const { token } = await schoolWithStudents();
    const res = await h.gql(DASHBOARD, {}, token);
    expect(res.errors).toBeUndefined();
    const d = res.data!.studentDashboard;
    expect(d.totalStudents).toBe(3);
    expect(d.studentsWithoutPlan).toBe(1);
    expect(d.studentsWithWarnings).toBe(1);
    expect(d.consentStates).toEqual([
      { key: 'none', count: 2 },
      { key: 'admin_signed', count: 0 },
      { key: 'student_signed', count: 0 },
      { key: 'parent_signed', count: 1 },
      { key: 'both_signed', count: 0 },
    ]);
    expect(d.cccApplyStatuses).toEqual([
      { key: 'Submitted', count: 2 },
      { key: 'Not Set', count: 1 },
    ]);
    expect(d.applicationStatuses.find((b: { key: string }) => b.key === 'complete').count).toBe(1);
  });

  it('each bar opens the filtered list (GraphQL and REST)', async () => {
    const { token } = await schoolWithStudents();
    const names = async (v: Record<string, string>) => (await h.gql(LIST, v, token)).data!.students.nodes.map((n: { firstName: string }) => n.firstName).sort();
    expect(await names({ plan: 'none' })).toEqual(['Ann']);
    expect(await names({ plan: 'warnings' })).toEqual(['Bo']);
    expect(await names({ consentState: 'none' })).toEqual(['Ann', 'Cy']);
    expect(await names({ consentState: 'parent_signed' })).toEqual(['Bo']);
    expect(await names({ cccApplyStatus: 'submitted' })).toEqual(['Bo', 'Cy']);
    expect(await names({ cccApplyStatus: 'Not Set' })).toEqual(['Ann']);

    const rest = await h.api.get('/api/students-in-school/?plan=warnings').set(h.auth(token));
    expect(rest.body.map((s: { first_name: string }) => s.first_name)).toEqual(['Bo']);
    const bad = await h.api.get('/api/students-in-school/?plan=some').set(h.auth(token));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('plan must be one of none, warnings.');
  });

  it('uses the same number of SQL statements however many students there are, and is for staff only', async () => {
    const { school, token } = await schoolWithStudents();
    const schema = await buildAppSchema();
    const run = async () => {
      const caller = await h.services.accounts.authenticate(token);
      const contextValue = { caller, ip: 'test', db: h.db, config: h.config, services: h.services, loaders: createLoaders(h.db) };
      const { result, statements } = await countQueries(() => graphql({ schema, source: DASHBOARD, contextValue }));
      expect(result.errors).toBeUndefined();
      return { total: (result.data as any).studentDashboard.totalStudents as number, statements: statements.length };
    };
    const before = await run();
    const algebra = await buildCourse(h.db, school, { title: 'Algebra 2' });
    const calc = await buildCourse(h.db, school, { title: 'Calculus', prerequisites: [[algebra]] });
    for (let i = 0; i < 5; i++) {
      const s = await h.buildStudent({ school });
      await buildScheduled(h.db, s.id, calc, 1);
      await buildScheduled(h.db, s.id, algebra, 2);
    }
    const after = await run();
    expect(after.total).toBe(before.total + 5);
    expect(after.statements).toBe(before.statements);

    const student = await h.tokenFor(await h.buildStudent({ school }));
    expect((await h.gql(DASHBOARD, {}, student)).code).toBe('FORBIDDEN');
  });
});
