#!/usr/bin/env node
/**
 * `node bench/cpuprofile-top.mjs <file.cpuprofile> [count]`: where a V8 CPU profile (node --cpu-prof)
 * spent its time. Prints the functions with the most self time, then self time summed by package
 * (node_modules/<name>), by the app's own files and by V8/Node internals, each with its share of
 * the samples that were not idle. A third argument, function names separated by commas, adds the
 * inclusive time of each (the samples with that function anywhere on the stack).
 */
import fs from 'node:fs';

const [file, countArg, inclusiveArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/cpuprofile-top.mjs <file.cpuprofile> [count] [name,name...: inclusive time of these functions]');
  process.exit(2);
}
const count = Number(countArg ?? 30);
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));

// Time per sample: the delta that follows it (the first sample's delta belongs to the profile start).
const selfUs = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + dt);
}

const where = (url) => {
  if (!url) return '(native)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node:internal';
  const own = url.match(/\/(server|shared)\/(?:dist\/)?(.*)$/);
  return own ? `app:${own[1]}` : url;
};

const fns = new Map();
const pkgs = new Map();
let total = 0;
let idle = 0;
for (const [id, us] of selfUs) {
  const { callFrame: f } = byId.get(id);
  if (f.functionName === '(idle)' || f.functionName === '(program)') {
    if (f.functionName === '(idle)') idle += us;
  }
  total += us;
  if (f.functionName === '(idle)') continue;
  const short = f.url ? f.url.replace(/^.*node_modules\//, '').replace(/^.*\/(server|shared)\//, '$1/') : '';
  const key = `${f.functionName || '(anonymous)'} ${short}${f.url ? `:${f.lineNumber + 1}` : ''}`;
  fns.set(key, (fns.get(key) ?? 0) + us);
  const p = f.functionName.startsWith('(') ? f.functionName : where(f.url);
  pkgs.set(p, (pkgs.get(p) ?? 0) + us);
}
const busy = total - idle;
const ms = (us) => (us / 1000).toFixed(0).padStart(7);
const pct = (us) => `${((100 * us) / busy).toFixed(1).padStart(5)}%`;
console.log(`profile ${(total / 1e6).toFixed(1)} s, idle ${(idle / 1e6).toFixed(1)} s, busy ${(busy / 1e6).toFixed(1)} s (shares below are of busy time)\n`);
console.log('self ms   share  function');
for (const [k, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`${ms(us)} ${pct(us)}  ${k}`);
console.log('\nself ms   share  package');
for (const [k, us] of [...pkgs].sort((a, b) => b[1] - a[1]).slice(0, count)) console.log(`${ms(us)} ${pct(us)}  ${k}`);

if (inclusiveArg) {
  // `name` or `name@part`: a function of that name, whose file's path contains `part`.
  const names = inclusiveArg.split(',').map((spec) => {
    const [name, part = ''] = spec.split('@');
    return { spec, name, part };
  });
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    const seen = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const { functionName, url } = byId.get(id).callFrame;
      for (const n of names) if (n.name === functionName && url.includes(n.part)) seen.add(n.spec);
    }
    for (const name of seen) incl.set(name, (incl.get(name) ?? 0) + dt);
  }
  console.log('\nincl ms   share  function (inclusive)');
  for (const { spec } of names) console.log(`${ms(incl.get(spec) ?? 0)} ${pct(incl.get(spec) ?? 0)}  ${spec}`);
}
