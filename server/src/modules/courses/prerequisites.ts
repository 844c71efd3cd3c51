/**
 * Prerequisite groups: a course needs at least one course of EACH of its groups. Stored as rows
 * (course_id, group_index, prerequisite_id); shown as display strings (a group's course ids joined
 * with ' or '; groups joined with '; ' on the card).
 */

export interface PrerequisiteMember {
  groupIndex: number;
  courseId: string;
  uuid: string;
}

/** Groups in group order, members sorted by course id. */
export function groupMembers<T extends { groupIndex: number; courseId: string }>(rows: T[]): T[][] {
  const byGroup = new Map<number, T[]>();
  for (const r of rows) {
    const list = byGroup.get(r.groupIndex) ?? [];
    list.push(r);
    byGroup.set(r.groupIndex, list);
  }
  return [...byGroup.entries()].sort((a, b) => a[0] - b[0]).map(([, list]) => list.sort((a, b) => compareCourseIds(a.courseId, b.courseId)));
}

export function groupDisplay(courseIds: string[]): string {
  return courseIds.join(' or ');
}

/** The card's line: 'Prerequisites: ' + this. */
export function prerequisitesLine(groups: string[]): string {
  return groups.join('; ');
}

/** Natural order of course ids: 'MATH 2' before 'MATH 10'. */
export function compareCourseIds(a: string, b: string): number {
  return a.localeCompare(b, 'en', { numeric: true, sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * Strongly connected components of a directed graph (Tarjan, iterative): every node of a component
 * with more than one node, or with an edge to itself, lies on a cycle. Returns those cycles' nodes.
 */
export function nodesOnCycles<K>(nodes: Iterable<K>, edges: (node: K) => Iterable<K>): K[][] {
  const index = new Map<K, number>();
  const low = new Map<K, number>();
  const onStack = new Set<K>();
  const stack: K[] = [];
  const result: K[][] = [];
  let counter = 0;

  for (const root of nodes) {
    if (index.has(root)) continue;
    const work: { node: K; it: Iterator<K> }[] = [{ node: root, it: edges(root)[Symbol.iterator]() }];
    index.set(root, counter);
    low.set(root, counter);
    counter += 1;
    stack.push(root);
    onStack.add(root);
    while (work.length) {
      const frame = work[work.length - 1];
      const next = frame.it.next();
      if (!next.done) {
        const w = next.value;
        if (!index.has(w)) {
          index.set(w, counter);
          low.set(w, counter);
          counter += 1;
          stack.push(w);
          onStack.add(w);
          work.push({ node: w, it: edges(w)[Symbol.iterator]() });
        } else if (onStack.has(w)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(w)!));
        }
        continue;
      }
      work.pop();
      const v = frame.node;
      if (work.length) {
        const parent = work[work.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(v)!));
      }
      if (low.get(v) === index.get(v)) {
        const component: K[] = [];
        let w: K;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== v);
        const selfLoop = component.length === 1 && [...edges(v)].includes(v);
        if (component.length > 1 || selfLoop) result.push(component);
      }
    }
  }
  return result;
}
