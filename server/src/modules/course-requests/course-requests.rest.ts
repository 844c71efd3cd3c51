/**
 * The course-request window (staff, their school of record), the requests (paged, for scripts) and
 * the SIS export CSV.
 */
import type { Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { checkRequestWindow, checkStaffRequests } from './request-window-input.js';
import type { CourseRequestView, RequestWindowView } from './course-requests.service.js';

export const requestWindowJson = (w: RequestWindowView | null) =>
  w && { school_year: w.schoolYear, opens_on: w.opensOn, closes_on: w.closesOn, state: w.state, kept_at: w.frozenAt ? w.frozenAt.toISOString() : null };

export const courseRequestJson = (r: CourseRequestView) => ({
  student_id: r.studentId,
  rostered_id: r.rosteredId,
  course_id: r.courseId,
  course_code: r.courseCode,
  school_year: r.schoolYear,
  term: r.term,
  alternate: r.alternate,
  kept: r.kept,
});

export function mountCourseRequestRoutes(r: Router, deps: AppDeps): void {
  const { courseRequests } = deps.services;
  route(r, deps, 'get', '/course-requests/window/', 'courseRequestWindow', async (ctx) => ({ window: requestWindowJson(await courseRequests.window(ctx)) }));
  route(r, deps, 'put', '/course-requests/window/', 'setCourseRequestWindow', async (ctx, req) => ({
    window: requestWindowJson(await courseRequests.setWindow(ctx, checkRequestWindow(req.body))),
  }));
  route(r, deps, 'get', '/course-requests/', 'courseRequests', async (ctx, req) => {
    const page = await courseRequests.list(ctx, req.query.school_year, req.query.page_size, req.query.cursor);
    return { school_year: page.schoolYear, count: page.count, next: page.next, results: page.results.map(courseRequestJson) };
  });
  route(r, deps, 'put', '/course-requests/students/:id/', 'setStudentCourseRequests', async (ctx, req) => ({
    results: (await courseRequests.setStudentRequests(ctx, req.params.id, checkStaffRequests(req.body))).map(courseRequestJson),
  }));
  route(r, deps, 'get', '/course-requests/export/', 'exportCourseRequests', async (ctx, req, res) => {
    const { schoolYear, csv } = await courseRequests.exportCsv(ctx, req.query.school_year);
    res.setHeader('Content-Type', 'text/csv; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="course-requests-${schoolYear}.csv"`);
    res.setHeader('Cache-Control', 'no-store');
    res.send(csv);
  });
}
