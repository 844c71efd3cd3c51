/**
 * Scenario `gqlanonymous`: the server CPU one signed-out GraphQL document can cost. Each of the worst
 * hostile documents is sent without a token, by POST, over sequential requests, and must be refused
 * with 400 and its reason (server/src/graphql/anonymous.ts): fragments spreading each other 23 levels
 * by 2 and by 3 and 300 levels by 2 (server/src/test/hostile-documents.ts `fragmentBomb`), and 300
 * wide fragments (`wideFragments`) with a new random trailing comment on every request, so that no
 * cache of parsed documents helps. The last line is the largest document the signed-out limits let
 * through: `{ __typename }` and a comment filling the 1 MB body limit (comments are not tokens).
 * Figure: the server's CPU time per request (process.cpuUsage in the server, read from
 * /api/bench/stats/ before and after), wall time in the note. Budget: at most 20 ms each.
 * The bench's servers run with RATE_LIMIT_ANONYMOUS_GRAPHQL raised, so every request reaches the
 * document checks (the rate limit's own statement is still counted in the figure).
 */
import crypto from 'node:crypto';

/** The same documents as server/src/test/hostile-documents.ts. */
function fragmentBomb(levels, spreads) {
  const fragments = Array.from({ length: levels }, (_, i) => `fragment F${i} on Query { ${`...F${i + 1} `.repeat(spreads)}}`);
  return `query { ...F0 } ${fragments.join(' ')} fragment F${levels} on Query { __typename }`;
}
function wideFragments(count, comment = '') {
  const names = Array.from({ length: count }, (_, i) => `F${i}`);
  const fragments = names.map((n) => `fragment ${n} on Query{blogs{...G}}`).join('\n');
  return `query{${names.map((n) => `...${n}`).join(' ')}}\n${fragments}\nfragment G on Blog{id}${comment ? `\n# ${comment}` : ''}`;
}

const TOO_MANY_TOKENS = 'GRAPHQL_SIGNED_OUT_TOO_MANY_TOKENS';
const BUDGET_MS = 20;

/** `h`: { call, stats, record, fail, median, requests } from bench/run.mjs. */
export async function scenarioGqlAnonymous(env, h) {
  const { origin } = env.small;
  const documents = [
    ['23 levels of 2 spreads', () => fragmentBomb(23, 2), TOO_MANY_TOKENS],
    ['23 levels of 3 spreads', () => fragmentBomb(23, 3), TOO_MANY_TOKENS],
    ['300 levels of 2 spreads', () => fragmentBomb(300, 2), TOO_MANY_TOKENS],
    ['300 wide fragments, random trailing comment', () => wideFragments(300, crypto.randomBytes(12).toString('hex')), TOO_MANY_TOKENS],
    // 1 MB of JSON body at most (express.json on /graphql): the comment fills what is left.
    ['{ __typename } and a 1,000,000-character comment (answered)', () => `{ __typename } # ${crypto.randomBytes(8).toString('hex')}${'x'.repeat(1_000_000)}`, null],
  ];
  for (const [name, document, reason] of documents) {
    const send = async () => {
      const query = document();
      const r = await h.call(origin, 'POST', '/graphql', { json: { query } });
      const ok = reason ? r.status === 400 && r.body?.errors?.[0]?.extensions?.reason === reason : r.status === 200 && r.body?.data?.__typename === 'Query';
      if (!ok) h.fail(`${name}: expected ${reason ? `400 ${reason}` : '200'}, got ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      return { ms: r.ms, bytes: query.length };
    };
    for (let i = 0; i < 5; i++) await send();
    const before = await h.stats(origin);
    const walls = [];
    let bytes = 0;
    for (let i = 0; i < h.requests; i++) {
      const r = await send();
      walls.push(r.ms);
      bytes = r.bytes;
    }
    const after = await h.stats(origin);
    const cpuMs = (after.cpu_user_us + after.cpu_system_us - before.cpu_user_us - before.cpu_system_us) / h.requests / 1000;
    walls.sort((a, b) => a - b);
    h.record(
      `server time: signed-out ${name} (POST /graphql)`,
      cpuMs,
      null,
      BUDGET_MS,
      'abs',
      'ms CPU',
      `${bytes}-byte query, ${h.requests} sequential requests; wall per request median ${h.median(walls).toFixed(2)} ms, max ${walls.at(-1).toFixed(2)} ms`,
    );
  }
}
