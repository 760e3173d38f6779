import { Hono } from 'hono';
import { CreateCompanyRequestSchema } from '../../shared/schemas/company';
import { requireSession } from '../auth/middleware';
import { buildSessionUser } from '../auth/session-user';
import { createCompany } from '../companies/profiles';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { readJson } from '../http/validate';

/**
 * `POST /company {name}`: creates a company with the caller as its first member and makes it the active
 * profile, where `company-not-found` sent them (spec §2, §8).
 */
export function companyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/company', async (c) => {
    const { user, session } = requireSession(c);
    const { db, config } = c.get('deps');
    const { name } = await readJson(c, CreateCompanyRequestSchema);
    const updated = await createCompany(db, user, name, clientIp(c, config.trustProxy));
    return c.json({ user: await buildSessionUser(db, updated, session) }, 201);
  });

  return app;
}
