/**
 * Saves one batch of staged transcript rows, in the job's transaction, in a fixed number of
 * statements whatever the batch's size: the students and courses the rows name (of the importing
 * school only: another school's student or course is "unknown", never touched), one upsert of
 * the records, then the plan entries of the records that changed.
 *
 * Re-import: a record is keyed by student, course, school year and term (case aside). A row
 * saying what the file said last time changes nothing (not even a staff correction made since:
 * the correction holds until the school's file says something else, then the file wins). So a
 * file imported twice counts its rows as unchanged the second time and writes nothing.
 *
 * The plan (term-placement.ts): a completed or in-progress record places its course on the
 * student's plan in its term, the entry linked to the record (transcript_record_id): grade and
 * completion are the record's. An entry the student had already made for the course becomes the
 * record's (the record knows better). When a course was taken twice the later attempt is the one
 * on the plan (the plan holds a course once). A withdrawn record takes its entry off the plan.
 * Each touched student's plan is locked as every plan write locks it (their users row, in id
 * order), so an import never interleaves with the student's own edit.
 */
import type { EntityManager } from 'typeorm';
import { because } from '../../core/errors.js';
import { UserType } from '../accounts/user.entity.js';
import { renumberOfficialPlans } from '../plans/plan-store.js';
import { attemptRank, placeTerm } from './term-placement.js';
import { issueOf, type TranscriptIssue, type TranscriptRow } from './transcript-rows.js';

export interface SaveCounts {
  created: number;
  updated: number;
  unchanged: number;
  /** Plan entries written (placed, moved or given the record's grade) or taken off. */
  placed: number;
}

export interface SaveContext {
  schoolId: number;
  importId: string;
  /** The ending year of the current school year (placing by grade level). */
  currentYearEnd: number;
}

interface StudentRow {
  id: number;
  sourced_id: string | null;
  email: string;
  grade: string | null;
  academic_year_labels: string[] | null;
}

interface SavedRecord {
  id: number;
  student_id: number;
  course_id: number;
  school_year: string;
  term: string;
  grade_level: number | null;
  grade: string;
  status: string;
  inserted: boolean;
}

export async function saveTranscriptBatch(m: EntityManager, ctx: SaveContext, rows: TranscriptRow[]): Promise<{ counts: SaveCounts; issues: TranscriptIssue[] }> {
  const counts: SaveCounts = { created: 0, updated: 0, unchanged: 0, placed: 0 };
  const issues: TranscriptIssue[] = [];
  const ids = [...new Set(rows.map((r) => r.studentId).filter(Boolean))];
  const emails = [...new Set(rows.map((r) => r.email).filter(Boolean))];
  // Two branches, not one OR: the sourcedIds go by their index, where an OR read every student of
  // the school each batch; the emails (no index on lower(email)) only when the rows name any.
  const students: StudentRow[] = await m.query(
    `SELECT id, sourced_id, lower(email) AS email, grade, academic_year_labels FROM users
      WHERE school_id = $1 AND user_type = $2 AND sourced_id = ANY($3::text[])
     UNION ALL
     SELECT id, sourced_id, lower(email) AS email, grade, academic_year_labels FROM users
      WHERE cardinality($4::text[]) > 0 AND school_id = $1 AND user_type = $2 AND lower(email) = ANY($4::text[])`,
    [ctx.schoolId, UserType.Student, ids, emails],
  );
  const bySourced = new Map(students.filter((s) => s.sourced_id).map((s) => [s.sourced_id!, s]));
  const byEmail = new Map(students.map((s) => [s.email, s]));
  const codes = [...new Set(rows.map((r) => r.courseCode.toLowerCase()))];
  const courses: { id: number; code: string }[] = await m.query(`SELECT id, course_id AS code FROM courses WHERE school_id = $1 AND lower(course_id) = ANY($2::text[])`, [
    ctx.schoolId,
    codes,
  ]);
  // An exact code first; else the one that differs in case only.
  const courseOf = (code: string) => courses.find((c) => c.code === code) ?? courses.find((c) => c.code.toLowerCase() === code.toLowerCase());

  const records: Record<string, unknown>[] = [];
  for (const r of rows) {
    const student = r.studentId ? bySourced.get(r.studentId) : byEmail.get(r.email);
    if (!student) {
      issues.push(issueOf(r.line, r.studentId || r.email, r.courseCode, because('TRANSCRIPT_ROW_STUDENT_UNKNOWN')));
      continue;
    }
    const course = courseOf(r.courseCode);
    if (!course) {
      issues.push(issueOf(r.line, r.studentId || r.email, r.courseCode, because('TRANSCRIPT_ROW_COURSE_UNKNOWN', { code: r.courseCode })));
      continue;
    }
    records.push({
      student_id: student.id,
      course_id: course.id,
      school_year: r.schoolYear,
      term: r.term,
      grade_level: r.gradeLevel,
      grade: r.grade,
      units: r.unitsEarned,
      status: r.status,
    });
  }
  if (!records.length) return { counts, issues };

  // Two rows of one batch may name one record (the same course code in two cases, one student by
  // id and by email): the staging key could not see it. The later row is the one kept.
  const unique = [...new Map(records.map((r) => [`${r.student_id}:${r.course_id}:${r.school_year}:${String(r.term).toLowerCase()}`, r])).values()];
  counts.unchanged += records.length - unique.length;
  const saved: SavedRecord[] = await m.query(
    `INSERT INTO transcript_records AS t (school_id, student_id, course_id, school_year, term, grade_level, grade, units_earned, status,
                                          source_grade, source_units, source_status, import_id)
     SELECT $1, r.student_id, r.course_id, r.school_year, r.term, r.grade_level, r.grade, r.units, r.status, r.grade, r.units, r.status, $2
       FROM jsonb_to_recordset($3::jsonb) AS r(student_id int, course_id int, school_year text, term text, grade_level int, grade text, units numeric, status text)
     ON CONFLICT (student_id, course_id, school_year, lower(term)) DO UPDATE
        SET grade = EXCLUDED.grade, units_earned = EXCLUDED.units_earned, status = EXCLUDED.status,
            source_grade = EXCLUDED.source_grade, source_units = EXCLUDED.source_units, source_status = EXCLUDED.source_status,
            grade_level = COALESCE(EXCLUDED.grade_level, t.grade_level), import_id = EXCLUDED.import_id,
            corrected_by = NULL, corrected_at = NULL, updated_at = now()
      WHERE (t.source_grade, t.source_units, t.source_status, t.grade_level)
            IS DISTINCT FROM (EXCLUDED.source_grade, EXCLUDED.source_units, EXCLUDED.source_status, COALESCE(EXCLUDED.grade_level, t.grade_level))
     RETURNING t.id, t.student_id, t.course_id, t.school_year, t.term, t.grade_level, t.grade, t.status, (t.xmax = 0) AS inserted`,
    [ctx.schoolId, ctx.importId, JSON.stringify(unique)],
  );
  for (const s of saved) counts[s.inserted ? 'created' : 'updated'] += 1;
  counts.unchanged += unique.length - saved.length;
  counts.placed += await placeRecords(m, saved, new Map(students.map((s) => [s.id, s])), ctx.currentYearEnd);
  return { counts, issues };
}

/** A record as placed on the plan: which record, where, with what. */
export interface PlacedRecord {
  id: number;
  student_id: number;
  course_id: number;
  school_year: string;
  term: string;
  grade_level: number | null;
  grade: string;
  status: string;
}

/**
 * Puts each record's course on its student's plan (or takes a withdrawn one off); the number of
 * entries written. Also used by a staff correction (transcripts.service.ts).
 */
export async function placeRecords(
  m: EntityManager,
  records: PlacedRecord[],
  students: Map<number, { grade: string | null; academic_year_labels: string[] | null }>,
  currentYearEnd: number,
): Promise<number> {
  if (!records.length) return 0;
  const studentIds = [...new Set(records.map((r) => r.student_id))].sort((a, b) => a - b);
  // The plans' lock (plan-store.ts lockPlan), taken in id order so two imports never deadlock.
  await m.query(`UPDATE users SET plan_changed_at = now() WHERE id IN (SELECT id FROM users WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE)`, [studentIds]);
  const existing: { id: number; user_id: number; course_id: number; record_id: number | null; school_year: string | null; term: string | null }[] = await m.query(
    `SELECT sc.id, sc.user_id, sc.course_id, sc.transcript_record_id AS record_id, tr.school_year, tr.term
       FROM scheduled_courses sc LEFT JOIN transcript_records tr ON tr.id = sc.transcript_record_id
      WHERE (sc.user_id, sc.course_id) IN (SELECT * FROM unnest($1::int[], $2::int[]))`,
    [records.map((r) => r.student_id), records.map((r) => r.course_id)],
  );
  const entries = new Map(existing.map((e) => [`${e.user_id}:${e.course_id}`, { ...e, rank: e.school_year ? attemptRank(e.school_year, e.term!) : -1 }]));
  const writes = new Map<string, { id: number | null; user_id: number; course_id: number; term: string; grade: string; completed: boolean; record_id: number }>();
  const deletes: number[] = [];
  // Earlier attempts first: the later one, placed last, is the one the plan keeps.
  const ordered = [...records].sort((a, b) => attemptRank(a.school_year, a.term) - attemptRank(b.school_year, b.term));
  for (const r of ordered) {
    const key = `${r.student_id}:${r.course_id}`;
    const entry = entries.get(key);
    const rank = attemptRank(r.school_year, r.term);
    if (r.status === 'withdrawn') {
      if (entry && entry.record_id === r.id) {
        deletes.push(entry.id);
        entries.delete(key);
        writes.delete(key);
      }
      continue;
    }
    if (entry && entry.record_id !== null && entry.record_id !== r.id && entry.rank > rank) continue;
    const student = students.get(r.student_id);
    const labels = Array.isArray(student?.academic_year_labels) ? student.academic_year_labels : [];
    const term = placeTerm(labels, student?.grade ?? null, { schoolYear: r.school_year, term: r.term, gradeLevel: r.grade_level }, currentYearEnd);
    writes.set(key, { id: entry?.id ?? null, user_id: r.student_id, course_id: r.course_id, term, grade: r.grade, completed: r.status === 'completed', record_id: r.id });
    entries.set(key, { id: entry?.id ?? -1, user_id: r.student_id, course_id: r.course_id, record_id: r.id, school_year: r.school_year, term: r.term, rank });
  }
  const list = [...writes.values()];
  const updates = list.filter((w) => w.id !== null && w.id > 0);
  const inserts = list.filter((w) => w.id === null || w.id <= 0);
  if (deletes.length) await m.query(`DELETE FROM scheduled_courses WHERE id = ANY($1::int[])`, [deletes]);
  if (updates.length) {
    await m.query(
      `UPDATE scheduled_courses sc SET term = v.term, grade = v.grade, completed = v.completed, transcript_record_id = v.record_id,
              position = CASE WHEN sc.term = v.term THEN sc.position ELSE 100000 END
         FROM jsonb_to_recordset($1::jsonb) AS v(id int, term text, grade text, completed boolean, record_id int)
        WHERE sc.id = v.id`,
      [JSON.stringify(updates)],
    );
  }
  if (inserts.length) {
    // A placed course goes last in its term, in the order placed: written at that position, so
    // the renumbering below has nothing to change for it (a second write of every new entry, and
    // its foreign keys checked again, was most of a batch's plan work).
    await m.query(
      `INSERT INTO scheduled_courses (user_id, course_id, term, position, grade, completed, transcript_record_id)
       SELECT v.user_id, v.course_id, v.term,
              COALESCE((SELECT max(s.position) + 1 FROM scheduled_courses s WHERE s.user_id = v.user_id AND s.term = v.term), 0)
                + row_number() OVER (PARTITION BY v.user_id, v.term ORDER BY v.n) - 1,
              v.grade, v.completed, v.record_id
         FROM jsonb_to_recordset($1::jsonb) AS v(n int, user_id int, course_id int, term text, grade text, completed boolean, record_id int)`,
      [JSON.stringify(inserts.map((w, n) => ({ n, ...w })))],
    );
  }
  // Positions stay dense in every term of the touched plans (after entries moved or taken off).
  await renumberOfficialPlans(m, studentIds);
  return list.length + deletes.length;
}
