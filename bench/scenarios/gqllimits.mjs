/**
 * Scenario `gqllimits`: the server time of the hostile GraphQL document of the "safe under hostile
 * traffic" issue, `query { ...F0 }` where each of 23 fragments spreads the next one twice and the
 * last asks `__typename` (2^23 fields once expanded, under 1 KB), sent by a signed-in staff member:
 * the server refuses it as too expensive (a signed-out caller is refused it earlier, for its tokens:
 * scenario `gqlanonymous`). The figure is its CPU time per request (process.cpuUsage in the server,
 * over sequential requests), with the wall time per request in the note. Budget: at most 50 ms.
 */

/** The same document as server/src/test/hostile-documents.ts `fragmentBomb(23, 2)`. */
export function fragmentBomb(levels, spreads) {
  const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on Query { ${`...F${i + 1} `.repeat(spreads)}}`);
  return `query { ...F0 } ${fragments.join(' ')} fragment F${levels} on Query { __typename }`;
}

/** `h`: { call, stats, record, fail, median, requests } from bench/run.mjs. */
export async function scenarioGqlLimits(env, h) {
  const { origin, staffToken: token } = env.small;
  const query = fragmentBomb(23, 2);
  const send = async () => {
    const r = await h.call(origin, 'POST', '/graphql', { json: { query }, token });
    if (r.status !== 400 || !/^Query is too expensive/.test(r.body?.errors?.[0]?.message ?? '')) {
      h.fail(`The fragment document was not refused as too expensive: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    }
    return r.ms;
  };
  for (let i = 0; i < 10; i++) await send();
  const before = await h.stats(origin);
  const walls = [];
  for (let i = 0; i < h.requests; i++) walls.push(await send());
  const after = await h.stats(origin);
  const cpuMs = (after.cpu_user_us + after.cpu_system_us - before.cpu_user_us - before.cpu_system_us) / h.requests / 1000;
  walls.sort((a, b) => a - b);
  h.record(
    'server time: signed-in 23-level fragment document refused (POST /graphql)',
    cpuMs,
    null,
    50,
    'abs',
    'ms CPU',
    `${query.length}-byte query, ${h.requests} sequential requests; wall per request median ${h.median(walls).toFixed(2)} ms, max ${walls.at(-1).toFixed(2)} ms`,
  );
}
