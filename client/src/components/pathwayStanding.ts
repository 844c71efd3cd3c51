/**
 * How far a student stands on a pathway, from the server's requirement progress (one rule for the
 * pathway progress page and the plan's "Where I stand"): a requirement counts as done when the
 * server says it is fulfilled; the total is every requirement of the pathway.
 *
 * Which pathways "Where I stand" shows (followedStandings): the pathways the student marked as
 * followed (Follow on the Pathways page), when they marked any, in the order given, even those no
 * course of the plan counts toward yet; otherwise, as before marking existed, the pathways at least
 * one course of the plan counts toward (started).
 */
export interface RequirementProgressLike {
  pathwayUuid: string;
  pathwayName: string;
  isFulfilled: boolean;
  completedCourses: number;
}

export interface PathwayStanding {
  pathwayUuid: string;
  pathwayName: string;
  fulfilled: number;
  total: number;
  /** At least one course of the plan counts toward one of its requirements. */
  started: boolean;
}

/** Fulfilled requirements among `requirements` (a requirement with no progress row is not fulfilled). */
export const fulfilledCount = (requirements: ({ isFulfilled: boolean } | null | undefined)[]): number => requirements.filter((r) => r?.isFulfilled).length;

/** One standing per pathway, in the order the progress rows name them. */
export function pathwayStandings(rows: readonly RequirementProgressLike[]): PathwayStanding[] {
  const byPathway = new Map<string, RequirementProgressLike[]>();
  for (const r of rows) byPathway.set(r.pathwayUuid, [...(byPathway.get(r.pathwayUuid) ?? []), r]);
  return [...byPathway.values()].map((reqs) => ({
    pathwayUuid: reqs[0].pathwayUuid,
    pathwayName: reqs[0].pathwayName,
    fulfilled: fulfilledCount(reqs),
    total: reqs.length,
    started: reqs.some((r) => r.completedCourses > 0),
  }));
}

/** The standings "Where I stand" shows: the marked pathways when any, else the started ones (see the header). */
export function followedStandings(rows: readonly RequirementProgressLike[], marked: readonly { uuid: string; name: string }[] | undefined): PathwayStanding[] {
  const all = pathwayStandings(rows);
  if (!marked?.length) return all.filter((s) => s.started);
  const byUuid = new Map(all.map((s) => [s.pathwayUuid, s]));
  // A marked pathway without requirements has no progress rows: nothing to fulfil yet.
  return marked.map((p) => byUuid.get(p.uuid) ?? { pathwayUuid: p.uuid, pathwayName: p.name, fulfilled: 0, total: 0, started: false });
}
