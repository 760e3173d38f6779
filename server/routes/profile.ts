import { Hono } from 'hono';
import { requireUser } from '../auth/middleware';
import { buildProfile } from '../auth/session-user';
import type { AppEnv } from '../http/app-env';

export function profileRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  /** Spec §7 `GET /profile`: the session user plus address and cards, only ever the caller's own. */
  app.get('/profile', async (c) => {
    const user = requireUser(c);
    return c.json(await buildProfile(c.get('deps').db, user, c.get('session')));
  });

  return app;
}
