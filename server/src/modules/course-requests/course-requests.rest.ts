/**
 * The course-request window (staff, their school of record), the requests (paged, for scripts) and
 * the SIS export CSV.
 */
import type { Response, Router } from 'express';
import { route, type AppDeps } from '../../adapters.js';
import { checkClassSize, checkRequestWindow, checkStaffRequests } from './request-window-input.js';
import { checkExportLayout, checkSavedColumns, type ExportColumn } from './export-layouts.js';
import type { CourseDemand } from './course-demand.js';
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
    const layout = checkExportLayout({ layout: req.query.layout, columns: req.query.columns });
    const out = await courseRequests.exportCsv(ctx, req.query.school_year, layout);
    sendCsv(res, out.layout === 'generic' ? `course-requests-${out.schoolYear}.csv` : `course-requests-${out.schoolYear}-${out.layout}.csv`, out.csv);
  });
  route(r, deps, 'get', '/course-requests/columns/', 'courseRequestColumns', async (ctx) => ({ columns: exportColumnsJson(await courseRequests.exportColumns(ctx)) }));
  route(r, deps, 'put', '/course-requests/columns/', 'setCourseRequestColumns', async (ctx, req) => ({
    columns: exportColumnsJson(await courseRequests.setExportColumns(ctx, checkSavedColumns(((req.body ?? {}) as Record<string, unknown>).columns))),
  }));
  route(r, deps, 'put', '/course-requests/class-size/', 'setCourseDemandClassSize', async (ctx, req) => ({
    class_size: await courseRequests.setClassSize(ctx, checkClassSize(req.body)),
  }));
  route(r, deps, 'get', '/course-requests/demand/', 'courseDemand', async (ctx, req) => courseDemandJson(await courseRequests.demand(ctx, req.query.school_year)));
  route(r, deps, 'get', '/course-requests/demand/export/', 'exportCourseDemand', async (ctx, req, res) => {
    const out = await courseRequests.demandCsv(ctx, req.query.school_year);
    sendCsv(res, `course-demand-${out.schoolYear}.csv`, out.csv);
  });
  route(r, deps, 'get', '/course-requests/demand/students/', 'courseDemandStudents', async (ctx, req) => ({
    results: (await courseRequests.demandStudents(ctx, req.query.school_year, req.query.course_id, req.query.grade, req.query.alternates)).map((s) => ({
      student_id: s.studentId,
      name: s.name,
      rostered_id: s.rosteredId,
      grade: s.grade,
    })),
  }));
}

const exportColumnsJson = (cs: ExportColumn[] | null) => cs && cs.map((c) => ({ field: c.field, header: c.header }));

function sendCsv(res: Response, fileName: string, csv: string): void {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
  res.send(csv);
}

export const courseDemandJson = (d: CourseDemand) => ({
  school_year: d.schoolYear,
  class_size: d.classSize,
  grades: d.grades,
  results: d.courses.map((c) => ({
    course_id: c.courseId,
    course_code: c.courseCode,
    title: c.title,
    requested: c.requested,
    alternates: c.alternates,
    by_grade: c.byGrade,
    sections: c.sections,
  })),
});
