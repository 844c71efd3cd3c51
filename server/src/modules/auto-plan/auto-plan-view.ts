/**
 * A generated plan as both APIs and the caseload's batches show it: names and codes filled in,
 * terms 1-based. Plain data (the GraphQL types are auto-plan.resolver.ts's).
 */
import type { AutoPlanResult, BlockReason } from './plan-model.js';

/** What the view reads of the service's answer (auto-plan.service.ts GeneratedPlan). */
export interface Generated {
  labels: string[];
  pathways: { id: number; name: string }[];
  result: AutoPlanResult;
  timeLimitSeconds: number;
  courses: Map<number, { code: string; title: string; offered?: string[] | null }>;
  requirements: Map<number, { name: string; pathwayName: string }>;
}

export interface PlanView {
  status: 'OPTIMAL' | 'INFEASIBLE' | 'UNPROVEN';
  terms: number;
  labels: string[];
  pathways: string[];
  entries: { courseId: number; courseCode: string; title: string; term: number; termLabel: string; added: boolean; movedFrom: number | null }[];
  shortfalls: {
    requirementId: number;
    requirementName: string;
    pathwayName: string;
    missingCourses: number;
    missingUnits: number;
    blockedBy: {
      reason: BlockReason;
      courseId: number | null;
      courseCode: string | null;
      prerequisiteId: number | null;
      prerequisiteCode: string | null;
      requirementId: number | null;
      requirementName: string | null;
      /** The course's seasons (null: every term). */
      offeredTerms: string[] | null;
      /** The last term the course could go in, which its prerequisite does not fit before. */
      lastTermLabel: string | null;
    }[];
  }[];
  timeLimitSeconds: number;
  seconds: number;
}

export function planView(g: Generated): PlanView {
  const r = g.result;
  const code = (id: number | null) => (id === null ? null : (g.courses.get(id)?.code ?? null));
  const moved = new Map(r.moved.map((m) => [m.courseId, m.from]));
  const added = new Set(r.added.map((a) => a.courseId));
  return {
    status: r.status,
    terms: r.terms,
    labels: g.labels,
    pathways: g.pathways.map((p) => p.name),
    entries: r.entries.map((e) => ({
      courseId: e.courseId,
      courseCode: g.courses.get(e.courseId)?.code ?? '',
      title: g.courses.get(e.courseId)?.title ?? '',
      term: e.term + 1,
      termLabel: g.labels[e.term] ?? String(e.term + 1),
      added: added.has(e.courseId),
      movedFrom: moved.has(e.courseId) ? moved.get(e.courseId)! + 1 : null,
    })),
    shortfalls: r.shortfalls.map((s) => ({
      requirementId: s.requirementId,
      requirementName: g.requirements.get(s.requirementId)?.name ?? '',
      pathwayName: g.requirements.get(s.requirementId)?.pathwayName ?? '',
      missingCourses: s.missingCourses,
      missingUnits: s.missingUnits,
      blockedBy: s.blockedBy.map((b) => ({
        reason: b.reason,
        courseId: b.courseId,
        courseCode: code(b.courseId),
        prerequisiteId: b.prerequisiteId,
        prerequisiteCode: code(b.prerequisiteId),
        requirementId: b.requirementId,
        requirementName: b.requirementId === null ? null : (g.requirements.get(b.requirementId)?.name ?? null),
        offeredTerms: b.courseId === null ? null : (g.courses.get(b.courseId)?.offered ?? null),
        lastTermLabel: b.lastTerm === undefined ? null : (g.labels[b.lastTerm] ?? String(b.lastTerm + 1)),
      })),
    })),
    timeLimitSeconds: g.timeLimitSeconds,
    seconds: Math.round(r.seconds * 1000) / 1000,
  };
}
