/**
 * Choosing pathways: a student marks and unmarks the pathways they follow; staff set their school's
 * graduation pathway, which the caseload then follows for a student who marked none (before the
 * pathway whose name contains "graduation").
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { UserType } from '../accounts/user.entity.js';
import { buildPathway } from '../pathways/pathways.factories.js';

const h = useHarness();

const SET = `mutation($uuid: ID) { setGraduationPathway(pathwayUuid: $uuid) { uuid graduationPathwayUuid } }`;
const FOLLOW = `mutation($uuid: String!, $follow: Boolean!) { followPathway(pathwayUuid: $uuid, follow: $follow) { marked pathway { name } } }`;
const CASELOAD_PATHWAYS = `{ caseload { nodes { firstName pathways { name } pathwaysMarked } } }`;

async function world() {
  const school = await h.buildSchool();
  const staff = await h.buildStaff({ school });
  const token = await h.tokenFor(staff);
  const grad = await buildPathway(h, school, { name: 'High School Graduation' });
  const stem = await buildPathway(h, school, { name: 'STEM' });
  const arts = await buildPathway(h, school, { name: 'Arts' });
  const ann = await h.buildStudent({ school, firstName: 'Ann' });
  return { school, staff, token, grad, stem, arts, ann, annToken: await h.tokenFor(ann) };
}

describe('a student follows pathways', () => {
  it('marks and unmarks pathways for themselves (GraphQL and REST); with none marked the graduation pathway is followed', async () => {
    const { stem, arts, annToken } = await world();
    const one = await h.gql(FOLLOW, { uuid: stem.uuid, follow: true }, annToken);
    expect(one.errors).toBeUndefined();
    expect(one.data!.followPathway).toEqual([{ marked: true, pathway: { name: 'STEM' } }]);
    const two = await h.api.post('/api/followed-pathways/').set(h.auth(annToken)).send({ pathway_uuid: arts.uuid, follow: true });
    expect(two.status).toBe(200);
    expect(two.body.map((p: { name: string; marked: boolean }) => [p.name, p.marked])).toEqual([
      ['Arts', true],
      ['STEM', true],
    ]);
    // Marking twice keeps one mark.
    await h.api.post('/api/followed-pathways/').set(h.auth(annToken)).send({ pathway_uuid: arts.uuid, follow: true });
    const list = await h.api.get('/api/followed-pathways/').set(h.auth(annToken));
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['Arts', 'STEM']);

    expect((await h.gql(FOLLOW, { uuid: stem.uuid, follow: false }, annToken)).data!.followPathway).toEqual([{ marked: true, pathway: { name: 'Arts' } }]);
    const none = await h.api.post('/api/followed-pathways/').set(h.auth(annToken)).send({ pathway_uuid: arts.uuid, follow: false });
    expect(none.body).toEqual([expect.objectContaining({ name: 'High School Graduation', marked: false })]);
  });

  it('refuses a parent (403)', async () => {
    const { school, stem } = await world();
    const parentToken = await h.tokenFor(await h.buildUser(UserType.Parent, { school }));
    const res = await h.api.post('/api/followed-pathways/').set(h.auth(parentToken)).send({ pathway_uuid: stem.uuid });
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('Only students (for themselves) and staff of their school can choose the pathways a student follows.');
  });
});

describe('staff set the graduation pathway', () => {
  it('sets it (REST), the caseload follows it for a student who marked none, and null clears it back to the name rule', async () => {
    const { school, token, stem } = await world();
    const before = await h.gql(CASELOAD_PATHWAYS, {}, token);
    expect(before.data!.caseload.nodes).toEqual([{ firstName: 'Ann', pathways: [{ name: 'High School Graduation' }], pathwaysMarked: false }]);

    const res = await h.api.put('/api/schools/graduation-pathway/').set(h.auth(token)).send({ pathway_uuid: stem.uuid });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ school_uuid: school.uuid, graduation_pathway: { uuid: stem.uuid, name: 'STEM' } });
    const [row] = await h.db.query(`SELECT graduation_pathway_id FROM schools WHERE id = $1`, [school.id]);
    expect(row.graduation_pathway_id).toBe(stem.id);
    const after = await h.gql(CASELOAD_PATHWAYS, {}, token);
    expect(after.data!.caseload.nodes[0].pathways).toEqual([{ name: 'STEM' }]);
    const rest = await h.api.get('/api/caseload/').set(h.auth(token));
    expect(rest.body[0].pathways.map((p: { name: string }) => p.name)).toEqual(['STEM']);

    const cleared = await h.api.put('/api/schools/graduation-pathway/').set(h.auth(token)).send({ pathway_uuid: null });
    expect(cleared.body.graduation_pathway).toBeNull();
    expect((await h.gql(CASELOAD_PATHWAYS, {}, token)).data!.caseload.nodes[0].pathways).toEqual([{ name: 'High School Graduation' }]);
  });

  it('sets it through GraphQL and reads it back on the school', async () => {
    const { school, token, arts } = await world();
    const g = await h.gql(SET, { uuid: arts.uuid }, token);
    expect(g.errors).toBeUndefined();
    expect(g.data!.setGraduationPathway).toEqual({ uuid: school.uuid, graduationPathwayUuid: arts.uuid });
    const me = await h.gql(`{ currentUser { school { graduationPathwayUuid } } }`, {}, token);
    expect(me.data!.currentUser.school.graduationPathwayUuid).toBe(arts.uuid);
    expect((await h.gql(SET, { uuid: null }, token)).data!.setGraduationPathway.graduationPathwayUuid).toBeNull();
  });

  it("refuses another school's pathway (404), students and parents (403), a malformed body (400)", async () => {
    const { school, token, stem, annToken } = await world();
    const elsewhere = await buildPathway(h, await h.buildSchool(), { name: 'Elsewhere Graduation' });
    const far = await h.api.put('/api/schools/graduation-pathway/').set(h.auth(token)).send({ pathway_uuid: elsewhere.uuid });
    expect(far.status).toBe(404);
    expect(far.body.error).toBe('Pathway not found.');
    expect((await h.gql(SET, { uuid: elsewhere.uuid }, token)).code).toBe('NOT_FOUND');
    const unknown = await h.api.put('/api/schools/graduation-pathway/').set(h.auth(token)).send({ pathway_uuid: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);

    const parentToken = await h.tokenFor(await h.buildUser(UserType.Parent, { school }));
    for (const t of [annToken, parentToken]) {
      const res = await h.api.put('/api/schools/graduation-pathway/').set(h.auth(t)).send({ pathway_uuid: stem.uuid });
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('Only staff of the school can set its graduation pathway.');
      expect((await h.gql(SET, { uuid: stem.uuid }, t)).code).toBe('FORBIDDEN');
    }
    for (const body of [{}, { pathway_uuid: 'stem' }, { pathway_uuid: 7 }]) {
      const bad = await h.api.put('/api/schools/graduation-pathway/').set(h.auth(token)).send(body);
      expect(bad.status).toBe(400);
      expect(bad.body.error).toBe('pathway_uuid must be the uuid of a pathway of your school, or null to clear the graduation pathway.');
    }
    const [row] = await h.db.query(`SELECT graduation_pathway_id FROM schools WHERE id = $1`, [school.id]);
    expect(row.graduation_pathway_id).toBeNull();
    expect((await h.api.put('/api/schools/graduation-pathway/').send({ pathway_uuid: null })).status).toBe(401);
  });
});
