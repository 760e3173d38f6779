import { and, eq, isNull } from 'drizzle-orm';
import type { TelemetryRequest } from '../../shared/schemas/telemetry-fields';
import type { Database } from '../db';
import { licences, siteConfigs, sites } from '../db/schema';
import { siteKey } from '../licences/site-url';

export type TelemetryOutcome = 'recorded' | 'unknown_site';

/**
 * Records what a licensed plugin reports about its site. The licence key is the credential and the site
 * must be one of that licence's active sites: telemetry never creates a site or touches another
 * licence's. Only the values sent are changed; `deactivated` ends the site's activation with its reason.
 */
export async function recordTelemetry(
  db: Database,
  report: TelemetryRequest,
  now: Date,
): Promise<TelemetryOutcome> {
  const key = siteKey(report.url);
  if (!key) return 'unknown_site';
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({ id: sites.id, url: sites.url })
      .from(sites)
      .innerJoin(licences, eq(licences.id, sites.licenceId))
      .where(and(eq(licences.key, report.license_key), isNull(sites.deactivatedAt)));
    const site = candidates.find((candidate) => siteKey(candidate.url) === key);
    if (!site) return 'unknown_site';
    const versions = {
      ...(report.wp_version !== undefined && { platformVersion: report.wp_version }),
      ...(report.php_version !== undefined && { runtimeVersion: report.php_version }),
      ...(report.plugin_version !== undefined && { pluginVersion: report.plugin_version }),
      ...(report.language !== undefined && { language: report.language }),
    };
    const ending =
      report.event === 'deactivated'
        ? { deactivatedAt: now, deactivationReason: report.deactivation_reason ?? null }
        : {};
    if (Object.keys(versions).length || report.event === 'deactivated') {
      await tx
        .update(sites)
        .set({ ...versions, ...ending })
        .where(eq(sites.id, site.id));
    }
    if (report.multisite !== undefined || report.server !== undefined) {
      const config = {
        ...(report.multisite !== undefined && { multisite: report.multisite }),
        ...(report.server !== undefined && { server: report.server }),
        reportedAt: now,
      };
      await tx
        .insert(siteConfigs)
        .values({ siteId: site.id, ...config })
        .onConflictDoUpdate({ target: siteConfigs.siteId, set: config });
    }
    return 'recorded';
  });
}
