/**
 * Saves a validated course CSV into a school's catalogue: one upsert statement for every course,
 * one delete and one insert for their prerequisite groups, whatever the number of rows. Runs in
 * the caller's transaction (the service's, or the demo seed's).
 */
import type { EntityManager } from 'typeorm';
import { planImport, type ImportIssue } from './catalogue-import.js';

export interface ImportResult {
  created: number;
  updated: number;
  errors: ImportIssue[];
  warnings: ImportIssue[];
}

export async function importCatalogue(m: EntityManager, schoolId: number, csvText: string): Promise<ImportResult> {
  // One import per school at a time: the check of existing ids and the writes see the same catalogue.
  await m.query(`SELECT id FROM schools WHERE id = $1 FOR UPDATE`, [schoolId]);
  const existingRows: { id: number; course_id: string }[] = await m.query(`SELECT id, course_id FROM courses WHERE school_id = $1`, [schoolId]);
  const idOf = new Map(existingRows.map((r) => [r.course_id, r.id]));
  const groupRows: { course: string; group_index: number; prereq: string }[] = await m.query(
    `SELECT c.course_id AS course, p.group_index, pc.course_id AS prereq
       FROM course_prerequisites p
       JOIN courses c ON c.id = p.course_id
       JOIN courses pc ON pc.id = p.prerequisite_id AND pc.school_id = c.school_id
      WHERE c.school_id = $1
      ORDER BY c.course_id, p.group_index`,
    [schoolId],
  );
  const existingGroups = new Map<string, string[][]>();
  for (const r of groupRows) {
    const groups = existingGroups.get(r.course) ?? [];
    (groups[r.group_index] ??= []).push(r.prereq);
    existingGroups.set(r.course, groups);
  }
  for (const [k, groups] of existingGroups) existingGroups.set(k, groups.filter(Boolean));

  const plan = planImport(csvText, new Set(idOf.keys()), existingGroups);
  let created = 0;
  let updated = 0;
  for (const row of plan.rows) {
    if (idOf.has(row.courseId)) updated += 1;
    else created += 1;
  }
  if (plan.rows.length) {
    const saved: { id: number; course_id: string }[] = await m.query(
      `INSERT INTO courses (school_id, course_id, title, description, units, tags, offered_terms)
       SELECT $1, t.course_id, t.title, t.description, t.units, t.tags, NULLIF(string_to_array(t.offered, ','), '{}')
         FROM unnest($2::text[], $3::text[], $4::text[], $5::numeric[], $6::jsonb[], $7::text[])
              AS t(course_id, title, description, units, tags, offered)
       ON CONFLICT (school_id, course_id) DO UPDATE
         SET title = EXCLUDED.title, description = EXCLUDED.description, units = EXCLUDED.units,
             tags = EXCLUDED.tags, updated_at = now(),
             -- A file without the Offered column leaves a course's seasons as they are.
             offered_terms = CASE WHEN $8::boolean THEN EXCLUDED.offered_terms ELSE courses.offered_terms END
       RETURNING id, course_id`,
      [
        schoolId,
        plan.rows.map((r) => r.courseId),
        plan.rows.map((r) => r.title),
        plan.rows.map((r) => r.description),
        plan.rows.map((r) => r.units),
        plan.rows.map((r) => JSON.stringify(r.tags)),
        plan.rows.map((r) => (r.offered ?? []).join(',')),
        plan.hasOffered ?? false,
      ],
    );
    for (const r of saved) idOf.set(r.course_id, r.id);
    const savedIds = saved.map((r) => r.id);
    await m.query(`DELETE FROM course_prerequisites WHERE course_id = ANY($1::int[])`, [savedIds]);
    const courseCol: number[] = [];
    const groupCol: number[] = [];
    const prereqCol: number[] = [];
    for (const row of plan.rows) {
      const courseId = idOf.get(row.courseId)!;
      row.groups.forEach((group, gi) => {
        for (const member of group) {
          courseCol.push(courseId);
          groupCol.push(gi);
          prereqCol.push(idOf.get(member)!);
        }
      });
    }
    if (courseCol.length) {
      await m.query(
        `INSERT INTO course_prerequisites (course_id, group_index, prerequisite_id)
         SELECT * FROM unnest($1::int[], $2::smallint[], $3::int[])`,
        [courseCol, groupCol, prereqCol],
      );
    }
  }
  return { created, updated, errors: plan.errors, warnings: plan.warnings };
}
