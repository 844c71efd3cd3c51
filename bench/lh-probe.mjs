/**
 * One Lighthouse run on one page, printing what to fix when a client budget fails: total blocking
 * time and layout shift, the elements that shifted, the long tasks and the scripts' start-up time.
 *   node bench/lh-probe.mjs http://localhost:4000 /plan student@lincoln.example   (signs in with the demo password)
 *   node bench/lh-probe.mjs http://localhost:4000 /
 * Options (after the arguments):
 *   --cpu4        the bench's second mode: a real 4x CPU slowdown instead of simulated throttling;
 *                 LH_CPU=8 slows it 8x instead, to read roughly what a host half as fast would
 *   --functions   also sample the JavaScript (V8's CPU profiler in the trace) and print where the
 *                 long tasks' time went, by function. With a build made by
 *                 `npx vite build --minify false` (in client/) the names are the source's (PlanPage,
 *                 PlanGrid, Apollo's readFromStore...); a minified build gives the file only.
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
const args = process.argv.slice(2);
const [origin, path, email] = args.filter((a) => !a.startsWith('--'));
const cpu4 = args.includes('--cpu4');
const functions = args.includes('--functions');
const DEMO_PASSWORD = 'Planner#2026';
let token = null;
if (email) {
  const r = await fetch(`${origin}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  token = (await r.json()).token;
}
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
try {
  const page = await browser.newPage();
  await page.goto(`${origin}/`);
  await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.clear()), token);
  const throttling = cpu4
    ? {
        throttlingMethod: 'devtools',
        throttling: { cpuSlowdownMultiplier: Number(process.env.LH_CPU) || 4, requestLatencyMs: 0, downloadThroughputKbps: 0, uploadThroughputKbps: 0 },
      }
    : {};
  const result = await lighthouse(
    `${origin}${path}`,
    {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
      ...throttling,
      ...(functions ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    },
    undefined,
    page,
  );
  const a = result.lhr.audits;
  console.log('TBT', a['total-blocking-time'].numericValue, 'CLS', a['cumulative-layout-shift'].numericValue);
  // Blocking time counts the long tasks (below, as simulated) between the first contentful paint and
  // time to interactive, as simulated; the observed ones are the unthrottled trace's.
  const m = a.metrics?.details?.items?.[0] ?? {};
  console.log('FCP', m.firstContentfulPaint, 'TTI', m.interactive, '(observed FCP', m.observedFirstContentfulPaint, ')');
  console.log(
    JSON.stringify(
      a['layout-shifts']?.details?.items?.map((i) => ({ score: i.score, node: i.node?.snippet, sel: i.node?.selector })),
      null,
      1,
    ),
  );
  // The long tasks inside the window, with what each adds to the blocking time (the part past 50 ms
  // that lies after the first paint); the audit lists them with their simulated start and length.
  const inWindow = (a['long-tasks']?.details?.items ?? [])
    .map((t) => ({ ...t, blocking: Math.max(0, t.startTime + t.duration - Math.max(t.startTime + 50, m.firstContentfulPaint)) }))
    .filter((t) => t.startTime < m.interactive && t.blocking > 0)
    .sort((x, y) => x.startTime - y.startTime);
  console.log('long tasks blocking after the first paint (simulated start, length, blocking ms):');
  for (const t of inWindow) console.log(`  ${t.startTime.toFixed(0).padStart(6)} ${t.duration.toFixed(0).padStart(5)} ${t.blocking.toFixed(0).padStart(5)}  ${t.url}`);
  console.log(
    JSON.stringify(
      a['bootup-time']?.details?.items?.slice(0, 6).map((i) => ({ url: i.url, total: i.total, scripting: i.scripting })),
      null,
      1,
    ),
  );
  console.log(JSON.stringify(a['mainthread-work-breakdown']?.details?.items, null, 1));
  if (functions) printFunctions(result.artifacts.Trace.traceEvents, origin);
} finally {
  await browser.disconnect();
  await chrome.kill();
}

/**
 * The page's long tasks (over 50 ms on the renderer's main thread) and, from the CPU profile's
 * samples inside them, the functions with the most self time and the most total time (a function
 * counted once per sample however deep it recurs). Times are as sampled (slowed down when throttled).
 */
function printFunctions(events, origin) {
  const profiles = new Map();
  for (const e of events) {
    if (e.name === 'Profile') profiles.set(`${e.pid}:${e.id}`, { pid: e.pid, tid: e.tid, t: e.args.data.startTime, nodes: new Map(), samples: [] });
    if (e.name !== 'ProfileChunk') continue;
    const p = profiles.get(`${e.pid}:${e.id}`);
    const cpu = e.args.data.cpuProfile ?? {};
    for (const n of cpu.nodes ?? []) p.nodes.set(n.id, n);
    const deltas = e.args.data.timeDeltas ?? [];
    (cpu.samples ?? []).forEach((id, i) => {
      p.t += deltas[i] ?? 0;
      p.samples.push({ id, ts: p.t });
    });
  }
  // The page's renderer: the profile that ran the most of the page's own scripts.
  const own = (p) => p.samples.filter((s) => p.nodes.get(s.id)?.callFrame.url?.startsWith(origin)).length;
  const profile = [...profiles.values()].sort((x, y) => own(y) - own(x))[0];
  if (!profile) return console.log('no CPU profile in the trace');
  const tasks = events.filter((e) => e.name === 'RunTask' && e.pid === profile.pid && e.tid === profile.tid && e.dur > 50_000).sort((x, y) => x.ts - y.ts);
  const inTask = (ts) => tasks.find((t) => ts >= t.ts && ts < t.ts + t.dur);
  const name = (n) => {
    const f = n.callFrame;
    const file = f.url ? f.url.split('/').pop().split('?')[0] : '';
    return `${f.functionName || '(anonymous)'}${file ? ` ${file}:${f.lineNumber + 1}` : ''}`;
  };
  const self = new Map();
  const total = new Map();
  // What React was doing: the component rendering (the function renderWithHooks called) or the
  // effect running (the one commitHookEffectListMount called), else the task's outermost script.
  const owner = new Map();
  const ownerSelf = new Map();
  const taskOwners = new Map();
  const perTask = new Map();
  let last = null;
  for (const s of profile.samples) {
    const task = inTask(s.ts);
    const ms = last ? (s.ts - last) / 1000 : 0;
    last = s.ts;
    if (!task) continue;
    perTask.set(task, (perTask.get(task) ?? 0) + ms);
    let node = profile.nodes.get(s.id);
    self.set(name(node), (self.get(name(node)) ?? 0) + ms);
    let who = null;
    for (let n = node; n && !who; n = profile.nodes.get(n.parent)) {
      const parent = profile.nodes.get(n.parent)?.callFrame.functionName;
      if (parent === 'renderWithHooks') who = `render ${name(n)}`;
      else if (parent === 'commitHookEffectListMount') who = `effect ${name(n)}`;
    }
    if (!who) {
      let outer = null;
      for (let n = node; n; n = profile.nodes.get(n.parent)) if (n.callFrame.url?.startsWith(origin)) outer = n;
      who = outer ? `script ${name(outer)}` : `other ${name(node)}`;
    }
    owner.set(who, (owner.get(who) ?? 0) + ms);
    const mine = taskOwners.get(task) ?? new Map();
    taskOwners.set(task, mine);
    mine.set(who, (mine.get(who) ?? 0) + ms);
    const inside = ownerSelf.get(who) ?? new Map();
    ownerSelf.set(who, inside);
    inside.set(name(node), (inside.get(name(node)) ?? 0) + ms);
    const seen = new Set();
    for (; node; node = profile.nodes.get(node.parent)) {
      const k = name(node);
      if (seen.has(k)) continue;
      seen.add(k);
      total.set(k, (total.get(k) ?? 0) + ms);
    }
  }
  const first = events.find((e) => e.name === 'navigationStart' || e.name === 'TracingStartedInBrowser')?.ts ?? tasks[0]?.ts ?? 0;
  console.log('long tasks (start ms from the trace start, duration ms):');
  for (const t of tasks) {
    const what = [...(taskOwners.get(t) ?? [])]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 3)
      .map(([k, v]) => `${k.replace(/ [^ ]*$/, '')} ${v.toFixed(0)}`)
      .join(', ');
    console.log(`  ${((t.ts - first) / 1000).toFixed(0).padStart(6)} ${(t.dur / 1000).toFixed(0).padStart(5)}  ${what}`);
  }
  const top = (m, n) =>
    [...m]
      .sort((x, y) => y[1] - x[1])
      .slice(0, n)
      .map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ms  ${k}`)
      .join('\n');
  console.log(`inside long tasks, by component rendering or effect running:\n${top(owner, 30)}`);
  for (const [who] of [...owner]
    .filter(([k]) => !k.startsWith('other'))
    .sort((x, y) => y[1] - x[1])
    .slice(0, 6)) {
    console.log(`  ${who}, self time of what it ran:\n${top(ownerSelf.get(who), 8).replace(/^/gm, '  ')}`);
  }
  console.log(`self time inside long tasks:\n${top(self, 25)}`);
  const skip = /^\((root|program|idle|garbage collector)\)/;
  console.log(`total time inside long tasks:\n${top(new Map([...total].filter(([k]) => !skip.test(k))), 40)}`);
}
