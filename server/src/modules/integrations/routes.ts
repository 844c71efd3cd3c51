/**
 * Lists the REST routes an Express app really serves, by walking its router stack (mounted
 * routers included). The OpenAPI drift test compares this list with the published document.
 */
import type express from 'express';

export interface ServedRoute {
  method: string;
  /** Express syntax, e.g. /api/students/:id/ */
  path: string;
  /** The operation name given to route() in core/http.ts, when the route was declared through it. */
  operation?: string;
}

interface LayerLike {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean>; stack: { handle: { operation?: string } }[] };
  handle: { stack?: LayerLike[] };
}

function join(prefix: string, p: string): string {
  if (!prefix || prefix === '/') return p;
  return `${prefix.replace(/\/$/, '')}${p.startsWith('/') ? p : `/${p}`}`;
}

function walk(stack: LayerLike[], prefix: string, out: ServedRoute[]): void {
  for (const layer of stack) {
    if (layer.route) {
      const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
      const operation = layer.route.stack.map((s) => s.handle.operation).find(Boolean);
      for (const p of paths) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== '_all') out.push({ method, path: join(prefix, p), operation });
        }
      }
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' ? layer.rawPath : '';
      walk(layer.handle.stack, join(prefix, mount === '/' ? '' : mount), out);
    }
  }
}

/** Every (method, path) the app serves, deduplicated (a path with a body-parser pre-route counts once). */
export function servedRoutes(app: express.Express): ServedRoute[] {
  const out: ServedRoute[] = [];
  walk((app as unknown as { router: { stack: LayerLike[] } }).router.stack, '', out);
  const seen = new Map<string, ServedRoute>();
  for (const r of out) {
    const key = `${r.method} ${r.path}`;
    const prev = seen.get(key);
    if (!prev || (!prev.operation && r.operation)) seen.set(key, r);
  }
  return [...seen.values()];
}

/** Express `/students/:id/` -> OpenAPI `/students/{id}/`. */
export function toOpenApiPath(p: string): string {
  return p.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
