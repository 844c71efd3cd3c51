/** The plan calls of planning §7 on /api/*, with the spec's payloads and snake_case fields. Thin: the service decides. */
import type { RequirementProgressRow } from '../pathways/progress.js';
import { UserType } from '../accounts/user.entity.js';
import { recordAccess } from '../access-log/record-access.js';
import type { Router } from 'express';
import { route, type AdapterContext, type AppDeps } from '../../adapters.js';
import type { School } from '../schools/school.entity.js';
import type { PrerequisiteWarning } from './plan-rules.js';
import { renderPlanPdf } from './plan-pdf.js';
import { schoolsOfEntries } from './plans.loaders.js';
import type { PlanEntry } from './plan-store.js';
import type { PlanView } from './plan-view.js';
import { checkGrade, checkLabel, checkMove, checkPositions, checkSchedule, checkTerm, checkTermPosition } from './plan-input.js';

const schoolsOf = (ctx: AdapterContext, entries: PlanEntry[]): Promise<Map<number, School>> => schoolsOfEntries(ctx.loaders.schoolById, entries);

export function entryJson(e: PlanEntry, schools: Map<number, School>) {
  const school = schools.get(e.course.schoolId);
  return {
    id: e.id,
    term: e.term,
    position: e.position,
    grade: e.grade,
    completed: e.completed,
    source: e.source,
    course: {
      uuid: e.course.uuid,
      UUID: e.course.uuid,
      id: e.course.id,
      course_id: e.course.courseId,
      title: e.course.title,
      description: e.course.description,
      units: e.course.units,
      school: school ? { name: school.name, uuid: school.uuid, primary_color: school.primaryColor, school_type: school.schoolType } : null,
      prerequisite_groups: e.course.prerequisiteGroups,
      prerequisite_groups_uuids: e.course.prerequisiteGroupUuids,
    },
  };
}

const warningJson = (w: PrerequisiteWarning) => ({
  scheduled_course_id: w.scheduledCourseId,
  course_id: w.courseId,
  title: w.title,
  term: w.term,
  term_label: w.termLabel,
  message: w.message,
});

export async function planJson(ctx: AdapterContext, view: PlanView) {
  const schools = await schoolsOf(ctx, view.entries);
  return {
    what_if_plan_id: view.whatIf?.id ?? null,
    what_if_name: view.whatIf?.name ?? null,
    first_name: view.user.firstName,
    last_name: view.user.lastName,
    academic_year_labels: view.labels,
    terms: view.terms.map((t) => ({ term: t.term, position: t.position, label: t.label, units: t.units, courses: t.courses.map((e) => entryJson(e, schools)) })),
    warnings: view.warnings.map(warningJson),
    total_units: view.totalUnits,
    completed_units: view.completedUnits,
  };
}

/** `?what_if_plan=<id>`: the call works on one of the student's what-if plans instead of the official plan. */
const whatIf = (req: { query: Record<string, unknown> }): unknown => {
  const v = req.query.what_if_plan;
  return v === undefined || v === '' ? null : v;
};

export function mountPlanRoutes(r: Router, deps: AppDeps): void {
  const { plans } = deps.services;

  // A course is named by its numeric id or its uuid; ids are checked by the service (core/ids.ts), so both adapters answer alike.
  route(r, deps, 'get', '/check-course-scheduled/:id/', 'checkCourseScheduled', async (ctx, req) => ({
    isScheduled: await plans.isScheduled(ctx, String(req.params.id)),
  }));

  route(r, deps, 'get', '/get-scheduled-course/:id/', 'scheduledCourse', async (ctx, req) => {
    const e = await plans.scheduledFields(ctx, String(req.params.id));
    return { id: e.id, grade: e.grade, completed: e.completed, term: e.term };
  });

  route(r, deps, 'post', '/add-scheduled-course/', 'scheduleCourse', async (ctx, req, res) => {
    const e = await plans.schedule(ctx, checkSchedule(req.body), whatIf(req));
    res.status(201).json({ message: 'Course scheduled successfully.', id: e.id, term: e.term, position: e.position });
  });

  route(r, deps, 'delete', '/remove-scheduled-course/:id/', 'unscheduleCourse', async (ctx, req) => {
    await plans.unschedule(ctx, String(req.params.id), whatIf(req));
    return { message: 'Course removed from your plan.' };
  });

  route(r, deps, 'post', '/courses/update-grade/:scheduledId/', 'updateGrade', async (ctx, req) => {
    await plans.updateGrade(ctx, checkGrade(req.params.scheduledId, req.body), whatIf(req));
    return { message: 'Grade updated successfully.' };
  });

  route(r, deps, 'get', '/user-scheduled-courses/', 'userScheduledCourses', async (ctx) => {
    const entries = await plans.entries(ctx);
    const schools = await schoolsOf(ctx, entries);
    return entries.map((e) => entryJson(e, schools));
  });

  route(r, deps, 'put', '/update-course-positions/', 'reorderTerm', async (ctx, req) => {
    await plans.updatePositions(ctx, checkPositions(req.body), whatIf(req));
    return { message: 'Course positions updated.' };
  });

  // Only the PUT of /api/courses/{id}/ is the plan's (the catalogue owns its POST and DELETE); id is the scheduled course.
  route(r, deps, 'put', '/courses/:id/', 'moveScheduledCourse', async (ctx, req) => {
    const e = await plans.moveToTerm(ctx, checkMove(req.params.id, req.body), whatIf(req));
    return { message: 'Course term updated.', id: e.id, term: e.term, position: e.position };
  });

  // Beyond the spec: the whole plan with its warnings, and term edits that keep courses with their term.
  route(r, deps, 'get', '/plan/', 'plan', async (ctx, req) => planJson(ctx, await plans.plan(ctx, whatIf(req))));

  route(r, deps, 'post', '/terms/', 'addTerm', async (ctx, req, res) => {
    res.status(201).json({ academic_year_labels: await plans.addTerm(ctx, checkLabel(req.body?.label), whatIf(req)) });
  });

  route(r, deps, 'put', '/terms/:position/', 'updateTerm', async (ctx, req) => {
    const to = req.body?.position;
    return {
      academic_year_labels: await plans.updateTerm(
        ctx,
        checkTerm(req.params.position, req.body?.label),
        to === undefined || to === null ? null : Number(to),
        whatIf(req),
      ),
    };
  });

  route(r, deps, 'delete', '/terms/:position/', 'deleteTerm', async (ctx, req) => ({
    academic_year_labels: await plans.deleteTerm(ctx, checkTermPosition(req.params.position), whatIf(req)),
  }));

  route(r, deps, 'get', '/plan-pdf/', 'planPdf', async (ctx, req, res) => {
    const view = await plans.plan(ctx, whatIf(req));
    await recordAccess(ctx.db, ctx.caller, {
      studentId: view.user.id,
      action: 'plan_pdf_export',
      reason: ctx.caller?.actingUserId ? 'plan PDF exported while viewing as the student' : 'plan PDF exported',
    });
    // In the language of the person reading it (an admin or parent viewing as the student reads their own).
    // The official plan's progress in the pathways the student follows ("3 completed, 2 planned, 1 missing"); a what-if plan's PDF lists its courses only.
    let requirements: RequirementProgressRow[] = [];
    if (!view.whatIf && view.user.userType === UserType.Student) {
      const followed = new Set((await deps.services.followedPathways.list(ctx)).map((f) => f.pathway.id));
      requirements = (await deps.services.pathways.progress(ctx)).filter((r) => followed.has(r.pathwayId));
    }
    const pdf = await renderPlanPdf(view, await schoolsOf(ctx, view.entries), new Date(), await deps.services.profile.locale(ctx), requirements);
    const name =
      `${view.user.firstName} ${view.user.lastName} Academic Plan`
        .replace(/[^A-Za-z0-9 _-]/g, '')
        .trim()
        .replace(/\s+/g, '_') || 'Academic_Plan';
    res.setHeader('Content-Type', 'application/pdf');
    res.setHeader('Content-Disposition', `inline; filename="${name}.pdf"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(Buffer.from(pdf));
  });
}
