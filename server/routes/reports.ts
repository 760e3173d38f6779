import { Hono } from 'hono';
import { SwitchAccountRequestSchema } from '../../shared/schemas/reports';
import { TelemetryRequestSchema } from '../../shared/schemas/telemetry-fields';
import { toCsv } from '../analytics/csv';
import { companyExportRows, companyOverview, companyReport, superAdminReport } from '../analytics/report';
import { activeCompanyFor } from '../analytics/scope';
import { recordTelemetry } from '../analytics/telemetry';
import { requireSession, requireUser } from '../auth/middleware';
import { buildSessionUser } from '../auth/session-user';
import { switchCompany } from '../companies/profiles';
import type { AppEnv } from '../http/app-env';
import { clientIp } from '../http/client-ip';
import { forbidden, notFound } from '../http/errors';
import { consumeRateLimit } from '../http/rate-limit';
import { readJson } from '../http/validate';

/** Telemetry calls per client address per minute: a plugin reports daily, so this is generous. */
const telemetryPerMinute = 120;

/**
 * Company and analytics calls of spec §7: the dashboard report of the active company, its overview, the
 * CSV export, the super-admin's report, switching company profiles, and the telemetry plugins send.
 */
export function reportRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post('/reports/dashboard', async (c) => {
    const { db } = c.get('deps');
    const company = await activeCompanyFor(db, requireUser(c), 'view_reports');
    return c.json(await companyReport(db, company, new Date()));
  });

  app.post('/reports/dashboard/overview', async (c) => {
    const { db } = c.get('deps');
    const company = await activeCompanyFor(db, requireUser(c), 'view_reports');
    return c.json(await companyOverview(db, company, new Date()));
  });

  app.post('/super-admin/reports/dashboard', async (c) => {
    if (requireUser(c).accountType !== 'SUPER_ADMIN') throw forbidden();
    return c.json(await superAdminReport(c.get('deps').db, new Date()));
  });

  app.post('/export-data', async (c) => {
    const { db } = c.get('deps');
    const company = await activeCompanyFor(db, requireUser(c), 'export_data');
    const csv = toCsv(await companyExportRows(db, company));
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': 'attachment; filename="export.csv"',
      'Cache-Control': 'private, no-store',
    });
  });

  app.post('/user/switch-account', async (c) => {
    const { user, session } = requireSession(c);
    const { db, config } = c.get('deps');
    const { company_id: companyId } = await readJson(c, SwitchAccountRequestSchema);
    const switched = await switchCompany(db, user, companyId, clientIp(c, config.trustProxy));
    return c.json({
      role_permission: switched.rolePermission,
      user: await buildSessionUser(db, switched.user, session),
    });
  });

  app.post('/telemetry', async (c) => {
    const { db, config } = c.get('deps');
    await consumeRateLimit(db, [
      { key: `telemetry:ip:${clientIp(c, config.trustProxy)}`, limit: telemetryPerMinute, windowSeconds: 60 },
    ]);
    const report = await readJson(c, TelemetryRequestSchema);
    const outcome = await recordTelemetry(db, report, new Date());
    // One answer for a wrong key and an unknown site: the call reveals nothing about other licences.
    if (outcome === 'unknown_site') throw notFound('No active site with this licence and URL.');
    return c.json({ success: true });
  });

  return app;
}
