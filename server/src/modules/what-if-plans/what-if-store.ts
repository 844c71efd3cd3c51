/**
 * What-if plan rows. A what-if plan's entries live in what_if_entries, never in
 * scheduled_courses (the official plan), so no read of the official plan elsewhere can include
 * one; the plan rules run on them through the plan store's PlanRef (plans/plan-store.ts).
 */
import type { EntityManager } from 'typeorm';

export interface WhatIfRow {
  id: number;
  studentId: number;
  name: string;
  labels: string[];
  createdAt: Date;
  updatedAt: Date;
  courseCount: number;
  totalUnits: number;
}

const COLUMNS = `w.id, w.student_id AS "studentId", w.name, w.academic_year_labels AS labels,
  w.created_at AS "createdAt", w.updated_at AS "updatedAt",
  (SELECT count(*)::int FROM what_if_entries e WHERE e.plan_id = w.id) AS "courseCount",
  (SELECT COALESCE(sum(c.units), 0)::float8 FROM what_if_entries e JOIN courses c ON c.id = e.course_id WHERE e.plan_id = w.id) AS "totalUnits"`;

const row = (r: WhatIfRow): WhatIfRow => ({ ...r, labels: Array.isArray(r.labels) ? r.labels : [], totalUnits: Math.round(Number(r.totalUnits) * 100) / 100 });

export async function findWhatIf(m: Pick<EntityManager, 'query'>, id: number): Promise<WhatIfRow | null> {
  const rows: WhatIfRow[] = await m.query(`SELECT ${COLUMNS} FROM what_if_plans w WHERE w.id = $1`, [id]);
  return rows[0] ? row(rows[0]) : null;
}

/** A student's what-if plans, oldest first (the order they were made in). */
export async function listWhatIfs(m: Pick<EntityManager, 'query'>, studentId: number): Promise<WhatIfRow[]> {
  const rows: WhatIfRow[] = await m.query(`SELECT ${COLUMNS} FROM what_if_plans w WHERE w.student_id = $1 ORDER BY w.id`, [studentId]);
  return rows.map(row);
}
