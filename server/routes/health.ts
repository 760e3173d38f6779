import { Hono } from 'hono';
import { pingDatabase } from '../db';
import type { AppEnv } from '../http/app-env';

/** For load balancers and orchestrators: 200 when the database answers, 503 otherwise. */
export function healthRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/healthz', async (c) => {
    c.header('Cache-Control', 'no-store');
    try {
      await pingDatabase(c.get('deps').db);
      return c.json({ status: 'ok' });
    } catch (error) {
      c.get('deps').logger.error('health check failed', { error });
      return c.json({ status: 'unavailable' }, 503);
    }
  });
  return app;
}
