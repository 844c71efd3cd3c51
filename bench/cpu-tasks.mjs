/**
 * The main thread's long tasks of one page load, by CPU time, with what ran in them: a reading that
 * holds on a busy host, where Lighthouse's wall-clock blocking time does not (the CPU time of a
 * task barely moves with the load average; its wall time does).
 *   node bench/cpu-tasks.mjs http://localhost:4000 /plan student@lincoln.example [runs]
 * For each run: "CPU-time TBT x4", the sum over tasks of (4 x CPU ms - 50), as Lighthouse's
 * simulated throttling multiplies main-thread time by 4 (it counts only tasks after the first
 * paint: the second figure), the CPU of the tasks after the first paint and the largest of them
 * (what moves on a quiet host, where no task reaches the threshold), then each task over 12 ms of
 * CPU (x4 = 50 ms; CPU_TASK_MIN_MS=N lowers it) with the innermost React components and the
 * functions with the most self time among the profiler's samples inside it. Names are readable on a build made with `npx vite build --minify false`.
 * Not run by `npm run bench`: a tool for finding where the time goes, as bench/lh-probe.mjs is.
 */
import puppeteer from 'puppeteer-core';

const [origin, path, email, runsArg] = process.argv.slice(2);
const runs = Number(runsArg ?? 3);
let token = null;
if (email) {
  const r = await fetch(`${origin}/api/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Planner#2026' }),
  });
  token = (await r.json()).token;
}
const browser = await puppeteer.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});
// Names that are not components (classes of Apollo, RxJS and the language).
const NOT_COMPONENT =
  /^(Subscriber|Observable|Subject|ReplaySubject|BehaviorSubject|ConsumerObserver|OperatorSubscriber|SafeSubscriber|Subscription|Async|Asap|Scheduler|StoreReader|QueryManager|InMemoryCache|Policies|Apollo|HttpLink|PrintBuffer|Object|Array|Promise|Map|Set|Intl|JSON|RegExp|String)/;
const totals = [];
const afterPaintTotals = [];
const busyTotals = [];
const largestTasks = [];
try {
  for (let run = 1; run <= runs; run++) {
    const context = await browser.createBrowserContext();
    const first = await context.newPage();
    await first.goto(`${origin}/`);
    await first.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.clear()), token);
    const page = await context.newPage();
    await first.close();
    // Lighthouse's default (mobile) screen, as the client bench measures the page.
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await page.tracing.start({ categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-v8.cpu_profiler'] });
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle0' });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const events = JSON.parse(Buffer.from(await page.tracing.stop()).toString('utf8')).traceEvents;
    await context.close();
    // The page's renderer: the one that evaluated the app's scripts (Chromium's own new-tab and
    // omnibox pages run in renderers of their own and would otherwise be read instead).
    const ours = new Set(events.filter((e) => String(e.args?.data?.url ?? '').startsWith(origin) && e.name === 'v8.compileModule').map((e) => e.pid));
    const main = events.find(
      (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && ours.has(e.pid) && events.some((x) => x.pid === e.pid && x.name === 'ProfileChunk'),
    );
    if (!main) {
      console.log(`run ${run}: the trace holds no profiled renderer (try again)`);
      continue;
    }
    const tasks = events
      .filter((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'RunTask' && e.ph === 'X')
      .map((e) => ({ ts: e.ts, wallMs: e.dur / 1000, cpuMs: (e.tdur ?? e.dur) / 1000 }))
      .sort((a, b) => a.ts - b.ts);
    const t0 = tasks[0]?.ts ?? 0;
    // The CPU profile: nodes (function, parent) and samples with their times.
    const nodes = new Map();
    const samples = [];
    let at = 0;
    for (const e of events.filter((e) => e.pid === main.pid && (e.name === 'Profile' || e.name === 'ProfileChunk'))) {
      if (e.name === 'Profile') {
        at = e.args.data.startTime;
        continue;
      }
      const profile = e.args.data.cpuProfile ?? {};
      for (const n of profile.nodes ?? [])
        nodes.set(n.id, {
          name: n.callFrame.functionName || '(anonymous)',
          where: `${(n.callFrame.url || '').split('/').pop()}:${n.callFrame.lineNumber}`,
          parent: n.parent,
        });
      const deltas = e.args.data.timeDeltas ?? [];
      (profile.samples ?? []).forEach((id, i) => {
        at += deltas[i] ?? 0;
        samples.push({ id, ts: at });
      });
    }
    const stack = (id) => {
      const out = [];
      for (let n = nodes.get(id); n && out.length < 300; n = nodes.get(n.parent)) out.push(n);
      return out;
    };
    const top = (counts) =>
      [...counts]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([k, v]) => `${k} ${v}`)
        .join(', ');
    const total = tasks.reduce((sum, t) => sum + Math.max(0, 4 * t.cpuMs - 50), 0);
    totals.push(total);
    const fcp = events.find((e) => e.pid === main.pid && e.name === 'firstContentfulPaint');
    // What Lighthouse counts: only tasks after the first contentful paint.
    const afterPaint = tasks.filter((t) => fcp && t.ts >= fcp.ts).reduce((sum, t) => sum + Math.max(0, 4 * t.cpuMs - 50), 0);
    afterPaintTotals.push(afterPaint);
    const busyAfterPaint = tasks.filter((t) => fcp && t.ts >= fcp.ts).reduce((sum, t) => sum + t.cpuMs, 0);
    busyTotals.push(busyAfterPaint);
    // On a quiet host no task reaches 12.5 ms of CPU and the x4 figure reads 0: the largest task
    // after the first paint is what shows a change there.
    const largest = Math.max(0, ...tasks.filter((t) => fcp && t.ts >= fcp.ts).map((t) => t.cpuMs));
    largestTasks.push(largest);
    console.log(
      `run ${run}: CPU-time TBT x4 ${total.toFixed(0)} ms, ${afterPaint.toFixed(0)} ms of it after the first contentful paint (at ${fcp ? ((fcp.ts - t0) / 1000).toFixed(0) : '?'} ms, then ${busyAfterPaint.toFixed(0)} ms of CPU in tasks, the largest ${largest.toFixed(1)} ms)`,
    );
    for (const t of tasks.filter((t) => t.cpuMs > Number(process.env.CPU_TASK_MIN_MS ?? 12))) {
      const inside = samples.filter((s) => s.ts >= t.ts && s.ts <= t.ts + t.wallMs * 1000);
      const self = new Map();
      const components = new Map();
      for (const s of inside) {
        const frames = stack(s.id);
        if (frames[0]) self.set(`${frames[0].name} ${frames[0].where}`, (self.get(`${frames[0].name} ${frames[0].where}`) ?? 0) + 1);
        const component = frames.find((f) => /^[A-Z]/.test(f.name) && !NOT_COMPONENT.test(f.name));
        if (component) components.set(component.name, (components.get(component.name) ?? 0) + 1);
      }
      console.log(`  task at ${((t.ts - t0) / 1000).toFixed(0)} ms: ${t.cpuMs.toFixed(1)} ms CPU (${t.wallMs.toFixed(1)} ms wall), ${inside.length} samples`);
      console.log(`    components: ${top(components) || '-'}`);
      console.log(`    self time: ${top(self) || '-'}`);
      // The trace's own events inside the task (inclusive wall ms): names what "(program)" was,
      // e.g. Layout, UpdateLayoutTree (style), v8.compile, ParseHTML.
      const kinds = new Map();
      for (const e of events)
        if (e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.name !== 'RunTask' && e.ts >= t.ts && e.ts < t.ts + t.wallMs * 1000)
          kinds.set(e.name, (kinds.get(e.name) ?? 0) + Math.round(e.dur / 100) / 10);
      console.log(`    trace events (ms): ${top(kinds) || '-'}`);
    }
  }
} finally {
  await browser.close();
}
const summary = (values, digits = 0) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${sorted[Math.floor(sorted.length / 2)].toFixed(digits)} ms (range ${sorted[0].toFixed(digits)}-${sorted[sorted.length - 1].toFixed(digits)})`;
};
if (totals.length) console.log(`median CPU-time TBT x4 over ${totals.length} runs: ${summary(totals)}; after the first contentful paint: ${summary(afterPaintTotals)}`);
if (totals.length)
  console.log(`after the first contentful paint, median over ${totals.length} runs: CPU in tasks ${summary(busyTotals)}; the largest task ${summary(largestTasks, 1)}`);
