import { describe, expect, it } from 'vitest';
import { fulfilledCount, pathwayStandings } from './pathwayStanding';

const row = (pathwayUuid: string, isFulfilled: boolean, completedCourses: number) => ({ pathwayUuid, pathwayName: `P ${pathwayUuid}`, isFulfilled, completedCourses });

describe('pathway standing', () => {
  it('counts the requirements the server says are fulfilled, a missing progress row as not fulfilled', () => {
    expect(fulfilledCount([{ isFulfilled: true }, { isFulfilled: false }, undefined, null, { isFulfilled: true }])).toBe(2);
  });

  it('groups the progress rows per pathway, in their order, and says which the plan has started', () => {
    expect(pathwayStandings([row('a', true, 1), row('b', false, 0), row('a', false, 0), row('a', true, 2)])).toEqual([
      { pathwayUuid: 'a', pathwayName: 'P a', fulfilled: 2, total: 3, started: true },
      { pathwayUuid: 'b', pathwayName: 'P b', fulfilled: 0, total: 1, started: false },
    ]);
    expect(pathwayStandings([])).toEqual([]);
  });
});
