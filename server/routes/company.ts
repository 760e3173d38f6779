import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { CreateCompanyRequestSchema } from '../../shared/schemas/company';
import { requireSession } from '../auth/middleware';
import { buildSessionUser } from '../auth/session-user';
import { auditLog, companies, companyMembers, users } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { notFound } from '../http/errors';
import { readJson } from '../http/validate';

/** The creator of a company may do everything in it. */
const ownerPermissions = { view_reports: true, export_data: true, manage_company: true };

/**
 * `POST /company {name}`: creates a company with the caller as its first member and makes it the active
 * profile, where `company-not-found` sent them (spec §2, §8). One transaction, audited.
 */
export function companyRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/company', async (c) => {
    const { user, session } = requireSession(c);
    const { db, config } = c.get('deps');
    const { name } = await readJson(c, CreateCompanyRequestSchema);
    const updated = await db.transaction(async (tx) => {
      const [company] = await tx.insert(companies).values({ name }).returning({ id: companies.id });
      if (!company) throw notFound();
      await tx
        .insert(companyMembers)
        .values({ companyId: company.id, userId: user.id, rolePermission: ownerPermissions });
      await tx.insert(auditLog).values({
        actorUserId: user.id,
        action: 'company_create',
        targetUserId: user.id,
        ip: clientIp(c, config.trustProxy),
        details: { company: company.id },
      });
      const [row] = await tx
        .update(users)
        .set({ activeCompanyId: company.id, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      return row;
    });
    if (!updated) throw notFound();
    return c.json({ user: await buildSessionUser(db, updated, session) }, 201);
  });

  return app;
}
