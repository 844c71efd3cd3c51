/**
 * Hostile documents from a signed-in caller against the real listening server: fragments that
 * spread each other over and over are refused without ever being expanded, and the process keeps
 * answering others (GET /api/health/) while several of them arrive at once. "Never expanded" is
 * told by server time under a second: 2^23 fields once expanded take minutes, 2^300 never end. The
 * speed budget itself (at most 50 ms of CPU per refusal) is the bench's, scenario `gqllimits`,
 * not a test's: under a neighbour's load a collection can push a 20 ms refusal past 100 ms. Server
 * time is the CPU time of this process, which holds the server: on a shared machine, wall time
 * would measure the neighbours' load as well. (A signed-out caller is refused these
 * documents before they are parsed in full: anonymous.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../test/harness.js';
import { fragmentBomb } from '../test/hostile-documents.js';

const h = useHarness();
let token: string;

/**
 * A signed-in POST /graphql, with the wall time until its whole answer arrived and the CPU time
 * this process (the server, and the few bytes of the client) spent meanwhile: the server time of
 * the request, which other processes on a busy machine do not inflate.
 */
async function postQuery(query: string) {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const headers = { 'Content-Type': 'application/json', ...h.auth(token) };
  const res = await fetch(`${h.baseUrl}/graphql`, { method: 'POST', headers, body: JSON.stringify({ query }) });
  const body = await res.json();
  const used = process.cpuUsage(cpu);
  return { status: res.status, body, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

const tooExpensive = (cost: number) => `Query is too expensive: it costs ${cost}, at most ${h.config.graphqlMaxCost} is allowed. Ask for fewer rows or fields.`;

/** [levels, spreads per level]: the reported 23 levels of two, a wider one of three, and 300 fragments. */
const BOMBS: [number, number][] = [
  [23, 2],
  [23, 3],
  [300, 2],
];

beforeAll(async () => {
  token = await h.tokenFor(await h.buildStaff());
  // The first GraphQL request of a process compiles Apollo's code paths; the bound is about the document.
  expect((await postQuery('{ __typename }')).body).toEqual({ data: { __typename: 'Query' } });
});

describe('documents whose fragments spread each other many times', () => {
  it.each(BOMBS)('%i levels of %i spreads are refused as too expensive, never expanded (under a second of server time)', async (levels, spreads) => {
    const res = await postQuery(fragmentBomb(levels, spreads));
    expect(res.status).toBe(400);
    expect(res.body.data).toBeUndefined();
    expect(res.body.errors).toEqual([{ message: tooExpensive(spreads ** levels), extensions: { code: 'GRAPHQL_VALIDATION_FAILED' } }]);
    expect(res.cpuMs).toBeLessThan(1000);
  });

  it('leave /api/health/ answering, within a second of server time, while eight of them are in flight', async () => {
    const bomb = fragmentBomb(23, 2);
    const inFlight = Array.from({ length: 8 }, () => postQuery(bomb));
    // The time the process works before /api/health/ has its answer: on a machine of its own that is
    // its wall time, and on a shared one, neighbours' processes do not count (see postQuery).
    const cpu = process.cpuUsage();
    const health = await fetch(`${h.baseUrl}/api/health/`);
    const used = process.cpuUsage(cpu);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });
    expect((used.user + used.system) / 1000).toBeLessThan(1000);
    for (const res of await Promise.all(inFlight)) {
      expect(res.status).toBe(400);
      expect(res.body.errors[0].message).toBe(tooExpensive(2 ** 23));
    }
  });

  it('a plain query in the same document shape is still answered', async () => {
    const res = await postQuery(fragmentBomb(3, 2));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { __typename: 'Query' } });
  });
});
