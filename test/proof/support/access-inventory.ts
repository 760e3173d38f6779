import type { Env, Hono } from 'hono';
import { inspectRoutes } from 'hono/dev';

/** `METHOD path` exactly as Hono registered it, e.g. `GET /api/v1/history` or `ALL /widgets/*`. */
export type RouteKey = string;

/** Whether `path` lies under a middleware's pattern (`/api/*` covers `/api/v1/history`). */
function covers(pattern: string, path: string): boolean {
  if (!pattern.endsWith('/*')) return pattern === path;
  const prefix = pattern.slice(0, -1);
  return path.startsWith(prefix);
}

/**
 * Every route the app answers: each handler, plus each middleware mount that no handler lies under,
 * since such a mount can only answer requests itself (the static file mounts `/widgets/*`, `/assets/*`).
 * Middleware in front of handlers (`/*`, `/api/*`, a route's body limit) is left out.
 */
export function registeredRoutes<E extends Env>(app: Hono<E>): RouteKey[] {
  const routes = inspectRoutes(app);
  const handlers = routes.filter((route) => !route.isMiddleware);
  const mounts = routes.filter(
    (route) => route.isMiddleware && !handlers.some((handler) => covers(route.path, handler.path)),
  );
  return [...new Set([...handlers, ...mounts].map((route) => `${route.method} ${route.path}`))];
}
