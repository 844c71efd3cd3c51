/** Test factories of the contracts and payments areas: accepted families, placements. */
import type { Harness } from '../../test/harness.js';
import type { User } from '../accounts/user.entity.js';
import { UserType } from '../accounts/user.entity.js';
import type { School } from '../schools/school.entity.js';
import { REQUIRED_SPOTS, type SpotName } from './contract-text.js';
import { buildDualSchool } from '../admissions/admissions.factories.js';
import { SchoolYear } from '../school-years/school-year.entity.js';

export interface AcceptedFamily {
  parent: User;
  school: School;
  token: string;
}

export { buildDualSchool };

/** The school's years, oldest first. */
export function schoolYearsOf(h: Harness, school: School): Promise<SchoolYear[]> {
  return h.db.getRepository(SchoolYear).find({ where: { schoolId: school.id }, order: { startsOn: 'ASC' } });
}

/** A parent at a dual school whose application was accepted (status set directly), with a contract naming the student. */
export async function buildAcceptedParent(h: Harness, o: { school?: School; studentName?: string; firstName?: string; lastName?: string } = {}): Promise<AcceptedFamily> {
  const school = o.school ?? (await buildDualSchool(h));
  const parent = await h.buildUser(UserType.Parent, { school, applicationStatus: 'accepted', firstName: o.firstName ?? 'Robin', lastName: o.lastName ?? 'Avery' });
  await h.db.query(`INSERT INTO enrollment_contracts (parent_id, school_id, student_name) VALUES ($1, $2, $3)`, [parent.id, school.id, o.studentName ?? 'Jesse Avery']);
  return { parent, school, token: await h.tokenFor(parent) };
}

/** All 11 placements as the page fills them: initials, the full name twice, and a local date. */
export function fullPlacements(fullName = 'Robin Avery', initials = 'R.A.', date = '11/23/2026'): Record<SpotName, string> {
  return Object.fromEntries(REQUIRED_SPOTS.map((s) => [s, s.endsWith('_initials') ? initials : s === 'parent_date' ? date : fullName])) as Record<SpotName, string>;
}

export function contractPayload(placed: Record<string, string> = fullPlacements(), completionDate = new Date().toISOString()) {
  return { contractData: { placedSignatures: placed, userInfo: { name: 'Robin Avery', email: 'robin@example.org' }, completionDate } };
}

/** Generates and completes the contract through the API: the family is enrolled and tuition is due. */
export async function enrollFamily(h: Harness, o: { school?: School } = {}): Promise<AcceptedFamily> {
  const family = await buildAcceptedParent(h, o);
  const gen = await h.api.post('/api/generate-enrollment-contract-pdf/').set(h.auth(family.token)).send(contractPayload());
  if (gen.status !== 200) throw new Error(`generate failed: ${JSON.stringify(gen.body)}`);
  const done = await h.api.post('/api/enrollment-contract-completion/').set(h.auth(family.token)).send({});
  if (done.status !== 200) throw new Error(`completion failed: ${JSON.stringify(done.body)}`);
  return family;
}
