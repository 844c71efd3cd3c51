/**
 * One Lighthouse run on one page, printing what to fix when a client budget fails: total blocking
 * time and layout shift, the elements that shifted, the long tasks and the scripts' start-up time.
 *   node bench/lh-probe.mjs http://localhost:4000 /plan student@lincoln.example   (signs in with the demo password)
 *   node bench/lh-probe.mjs http://localhost:4000 /
 */
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
const [origin, path, email] = process.argv.slice(2);
const DEMO_PASSWORD = 'Planner#2026';
let token = null;
if (email) {
  const r = await fetch(`${origin}/api/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  token = (await r.json()).token;
}
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
const page = await browser.newPage();
await page.goto(`${origin}/`);
await page.evaluate((t) => (t ? localStorage.setItem('token', t) : localStorage.clear()), token);
const result = await lighthouse(`${origin}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true }, undefined, page);
const a = result.lhr.audits;
console.log('TBT', a['total-blocking-time'].numericValue, 'CLS', a['cumulative-layout-shift'].numericValue);
console.log(JSON.stringify(a['layout-shifts']?.details?.items?.map((i) => ({ score: i.score, node: i.node?.snippet, sel: i.node?.selector })), null, 1));
console.log(JSON.stringify(a['long-tasks']?.details?.items?.slice(0, 8), null, 1));
console.log(JSON.stringify(a['bootup-time']?.details?.items?.slice(0, 6).map((i) => ({ url: i.url, total: i.total, scripting: i.scripting })), null, 1));
console.log(JSON.stringify(a['mainthread-work-breakdown']?.details?.items, null, 1));
await browser.disconnect(); await chrome.kill();
