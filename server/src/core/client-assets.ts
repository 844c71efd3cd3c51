/**
 * Compressed answers and the built client's caching.
 *
 * - Every answer whose type is compressible (HTML, JS, CSS, JSON, SVG, CSV) and at least 1 KB is sent
 *   brotli- or gzip-compressed when the caller accepts it, with `Vary: Accept-Encoding`. PDFs, ZIPs
 *   and images are not compressible types and pass through untouched, streamed as before; an answer
 *   that already has a Content-Encoding, says `no-transform`, or is an event stream is left alone.
 * - Files under the build's assets/ folder carry a content hash in their name (Vite's default
 *   `build.assetsDir`), so a browser may keep them a year without asking again; a missing one is a
 *   404, not the SPA page. index.html (the history fallback included) and the unhashed files of
 *   client/public are revalidated on every use (`no-cache`), so a deployment shows at once.
 * - In production no source map is served (the build writes none; a stray one is still refused).
 */
import fs from 'node:fs';
import path from 'node:path';
import compression from 'compression';
import express, { type Express, type Request, type RequestHandler, type Response } from 'express';

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

export function compressAnswers(): RequestHandler {
  return compression({
    filter: (req: Request, res: Response) => {
      // An event stream must reach the browser event by event; a compressor would hold events back.
      if (String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream')) return false;
      return compression.filter(req, res);
    },
  });
}

/** Serves the built SPA from `clientDist`, or a hint when it is not built. */
export function mountClient(app: Express, opts: { clientDist: string; production: boolean }): void {
  const indexHtml = path.join(opts.clientDist, 'index.html');
  if (!fs.existsSync(indexHtml)) {
    app.get('/', (_req, res) => {
      res.type('text').send('The client is not built. Run `npm run build` (npm start does it) or `npm run dev`.');
    });
    return;
  }
  const notFound = (_req: Request, res: Response) => {
    res.status(404).type('text').send('Not found.');
  };
  if (opts.production) {
    app.use((req, res, next) => (req.path.endsWith('.map') ? notFound(req, res) : next()));
  }
  app.use('/assets', express.static(path.join(opts.clientDist, 'assets'), { index: false, maxAge: YEAR_MS, immutable: true }), notFound);
  app.use(
    express.static(opts.clientDist, {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  app.get('/{*splat}', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });
}
