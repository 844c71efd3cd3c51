/**
 * Compression and caching as a browser sees them: the app serves a small built client (a temporary
 * folder shaped like Vite's output) and each answer is read raw, headers first, then its bytes
 * decoded with the encoding the server named.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../app.js';
import { useHarness } from '../test/harness.js';

const h = useHarness();

const IMMUTABLE = 'public, max-age=31536000, immutable';
// A built index.html is about a kilobyte: its script and stylesheet tags, the preloads, the title.
const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="UTF-8"><title>Pathway Planner</title>
${Array.from({ length: 12 }, (_, i) => `<link rel="modulepreload" crossorigin href="/assets/chunk-${i}-Bx7kQ2aZ.js">`).join('\n')}
<script type="module" crossorigin src="/assets/index-D4f9a1Qe.js"></script></head><body><div id="root"></div></body></html>`;
const APP_JS = `export function plan(){${'return "Four-year plan of courses by grade";'.repeat(200)}}\n//# sourceMappingURL=index-D4f9a1Qe.js.map`;
const APP_CSS = `.planner{${'color:#123456;margin:0 auto;'.repeat(100)}}`;
const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), crypto.randomBytes(4000)]);

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  bytes: Buffer;
}

function makeClientDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-client-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dir, 'assets', 'index-D4f9a1Qe.js'), APP_JS);
  fs.writeFileSync(path.join(dir, 'assets', 'index-D4f9a1Qe.js.map'), JSON.stringify({ version: 3, sources: ['src/main.tsx'] }));
  fs.writeFileSync(path.join(dir, 'assets', 'index-Cm3pQx81.css'), APP_CSS);
  fs.writeFileSync(path.join(dir, 'poster.png'), PNG);
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

async function listen(built: BuiltApp): Promise<http.Server> {
  const server = built.app.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  return server;
}

/** GET without any decoding, so the test sees the bytes on the wire. */
function get(server: http.Server, urlPath: string, acceptEncoding?: string): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port: (server.address() as AddressInfo).port, path: urlPath, headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
  });
}

function decoded(res: RawAnswer): string {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(res.bytes).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(res.bytes).toString('utf8');
  expect(encoding, 'an encoding this test can read').toBeUndefined();
  return res.bytes.toString('utf8');
}

const varies = (res: RawAnswer) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('the built client in production', () => {
  let dist: string;
  let built: BuiltApp;
  let server: http.Server;
  beforeAll(async () => {
    dist = makeClientDist();
    built = await buildApp(h.db, { ...h.config, nodeEnv: 'production', clientDist: dist }, h.kind);
    server = await listen(built);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await built.stop();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html brotli-compressed to a browser that accepts br, revalidated on every visit', async () => {
    const res = await get(server, '/', 'gzip, deflate, br, zstd');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(varies(res)).toBe(true);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.bytes.length).toBeLessThan(INDEX_HTML.length / 2);
    expect(decoded(res)).toBe(INDEX_HTML);
  });

  it('serves gzip to a client that accepts only gzip, and plain bytes to one that accepts nothing', async () => {
    const gz = await get(server, '/', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decoded(gz)).toBe(INDEX_HTML);
    const plain = await get(server, '/');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString('utf8')).toBe(INDEX_HTML);
  });

  it('answers a screen address (history fallback) with index.html, compressed and not cached', async () => {
    const res = await get(server, '/students/12/four-year-plan', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(decoded(res)).toBe(INDEX_HTML);
  });

  it('lets browsers keep hashed JavaScript and CSS for a year, compressed', async () => {
    const js = await get(server, '/assets/index-D4f9a1Qe.js', 'br, gzip');
    expect(js.status).toBe(200);
    expect(js.headers['cache-control']).toBe(IMMUTABLE);
    expect(js.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(js.headers['content-encoding']).toBe('br');
    expect(varies(js)).toBe(true);
    expect(decoded(js)).toBe(APP_JS);

    const css = await get(server, '/assets/index-Cm3pQx81.css', 'gzip');
    expect(css.headers['cache-control']).toBe(IMMUTABLE);
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(decoded(css)).toBe(APP_CSS);
  });

  it('answers a hashed file that does not exist with 404, not the page (an old tab after a deployment)', async () => {
    const res = await get(server, '/assets/index-0ld0ld00.js', 'br');
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
    expect(res.headers['cache-control']).not.toBe(IMMUTABLE);
  });

  it('serves no source map', async () => {
    for (const p of ['/assets/index-D4f9a1Qe.js.map', '/index.js.map', '/students/1.map']) {
      const res = await get(server, p, 'br');
      expect(res.status, p).toBe(404);
      expect(decoded(res), p).toBe('Not found.');
    }
  });

  it('revalidates unhashed files (favicon) and sends images as they are', async () => {
    const icon = await get(server, '/favicon.svg', 'br');
    expect(icon.status).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    const png = await get(server, '/poster.png', 'br, gzip');
    expect(png.status).toBe(200);
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(Buffer.compare(png.bytes, PNG)).toBe(0);
  });

  it('compresses a large JSON answer of the API, and leaves a small one as it is', async () => {
    const plain = await get(server, '/api/blogs/');
    expect(plain.status).toBe(200);
    expect(plain.bytes.length, 'the seeded articles make a list above the 1 KB threshold').toBeGreaterThan(1024);
    const br = await get(server, '/api/blogs/', 'br, gzip');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(varies(br)).toBe(true);
    expect(br.bytes.length).toBeLessThan(plain.bytes.length);
    expect(JSON.parse(decoded(br))).toEqual(JSON.parse(plain.bytes.toString('utf8')));

    const health = await get(server, '/api/health/', 'br, gzip');
    expect(health.status).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
  });
});

describe('the built client in development', () => {
  it('still serves source maps, for debugging a local build', async () => {
    const dist = makeClientDist();
    const built = await buildApp(h.db, { ...h.config, nodeEnv: 'development', clientDist: dist }, h.kind);
    const server = await listen(built);
    try {
      const res = await get(server, '/assets/index-D4f9a1Qe.js.map');
      expect(res.status).toBe(200);
      expect(JSON.parse(res.bytes.toString('utf8'))).toMatchObject({ version: 3 });
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await built.stop();
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
