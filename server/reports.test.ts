import { and, count, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DashboardOverviewSchema,
  DashboardReportSchema,
  SuperAdminReportSchema,
  SwitchAccountResponseSchema,
} from '../shared/schemas/reports';
import { csvCell, toCsv } from './analytics/csv';
import {
  companies,
  companyMembers,
  companyProducts,
  licences,
  mailListMembers,
  siteConfigs,
  sites,
  users,
} from './db/schema';
import { createTestApp, jsonHeaders, signIn, type TestApp } from './test-support/app';

let t: TestApp;
let company: string;
let acmeId: number;
let globexId: number;

beforeAll(async () => {
  t = await createTestApp();
  company = await signIn(t.app, 'company@example.com', 'Company#2026');
  const rows = await t.handle.db.select().from(companies);
  acmeId = rows.find((r) => r.name === 'Acme Agency')?.id ?? 0;
  globexId = rows.find((r) => r.name === 'Globex Studio')?.id ?? 0;
});
afterAll(async () => {
  await t.close();
});

function post(path: string, token: string | null, body?: unknown) {
  return t.app.request(`/api/v1${path}`, {
    method: 'POST',
    headers: { ...jsonHeaders, ...(token ? { 'X-WP-Nonce': token } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function companyUserId() {
  const [row] = await t.handle.db.select().from(users).where(eq(users.email, 'company@example.com'));
  return row?.id ?? 0;
}

/** Expected figures straight from the rows, to compare with what the report computed. */
async function expectedSiteCounts(companyId: number) {
  const ids = (
    await t.handle.db.select().from(companyProducts).where(eq(companyProducts.companyId, companyId))
  ).map((r) => r.downloadId);
  const rows = await t.handle.db
    .select({ deactivatedAt: sites.deactivatedAt, downloadId: licences.downloadId, userId: licences.userId })
    .from(sites)
    .innerJoin(licences, eq(licences.id, sites.licenceId));
  const mine = rows.filter((r) => ids.includes(r.downloadId));
  return {
    active: mine.filter((r) => r.deactivatedAt === null).length,
    deactivated: mine.filter((r) => r.deactivatedAt !== null).length,
  };
}

describe('POST /reports/dashboard', () => {
  it('computes every part of the report for the active company from the rows', async () => {
    const response = await post('/reports/dashboard', company);
    expect(response.status).toBe(200);
    const report = v.parse(DashboardReportSchema, await response.json());
    expect(report.company).toEqual({ id: acmeId, name: 'Acme Agency' });
    const expected = await expectedSiteCounts(acmeId);
    expect(report.activeSitesCount).toBe(expected.active);
    expect(report.deactivedSitesCount).toBe(expected.deactivated);
    expect(report.activeSitesCount).toBeGreaterThan(0);
    expect(report.deactivedSitesCount).toBeGreaterThan(0);
    // Each distribution adds up to the active sites; reasons add up to the deactivated ones.
    for (const part of [report.wpVersion, report.phpVersion, report.pluginVersion, report.language]) {
      expect(part.reduce((sum, c) => sum + c.count, 0)).toBe(expected.active);
    }
    expect(report.sitesConfig.multisite.reduce((sum, c) => sum + c.count, 0)).toBe(expected.active);
    expect(report.de_active_reasons.reduce((sum, c) => sum + c.count, 0)).toBe(expected.deactivated);
    expect(report.allProducts.map((p) => p.name).sort()).toEqual(
      ['Addons Plugin', 'Blocks Plugin', 'Documentation Plugin', 'Notification Plugin'].sort(),
    );
    expect(report.allProducts.reduce((sum, p) => sum + p.active_sites, 0)).toBe(expected.active);
    expect(report.analytics).toHaveLength(12);
    const [members] = await t.handle.db
      .select({ n: count() })
      .from(mailListMembers)
      .where(and(eq(mailListMembers.companyId, acmeId), eq(mailListMembers.status, 'subscribed')));
    expect(report.mailChimpAnalytics.subscribed).toBe(members?.n);
    expect(report.totalUserCount).toBeGreaterThan(0);
    expect(report.newUserCount).toBeLessThanOrEqual(report.totalUserCount);
    expect(report.siteList.length).toBe(Math.min(100, expected.active + expected.deactivated));
  });

  it('follows a new site reported by telemetry (numbers are not stored)', async () => {
    const before = v.parse(DashboardReportSchema, await (await post('/reports/dashboard', company)).json());
    const [site] = await t.handle.db
      .select({ id: sites.id, url: sites.url, key: licences.key })
      .from(sites)
      .innerJoin(licences, eq(licences.id, sites.licenceId))
      .innerJoin(companyProducts, eq(companyProducts.downloadId, licences.downloadId))
      .where(and(eq(companyProducts.companyId, acmeId), isNull(sites.deactivatedAt)))
      .limit(1);
    if (!site) throw new Error('no active Acme site');
    const telemetry = await t.app.request('/api/v1/telemetry', {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({
        license_key: site.key,
        url: site.url.replace('https://', 'http://www.'),
        event: 'deactivated',
        deactivation_reason: 'Testing the report',
        wp_version: '9.9.9',
        multisite: true,
        server: 'Caddy',
      }),
    });
    expect(telemetry.status).toBe(200);
    const after = v.parse(DashboardReportSchema, await (await post('/reports/dashboard', company)).json());
    expect(after.activeSitesCount).toBe(before.activeSitesCount - 1);
    expect(after.deactivedSitesCount).toBe(before.deactivedSitesCount + 1);
    expect(after.de_active_reasons).toContainEqual({ label: 'Testing the report', count: 1 });
    const [config] = await t.handle.db.select().from(siteConfigs).where(eq(siteConfigs.siteId, site.id));
    expect(config).toMatchObject({ multisite: true, server: 'Caddy' });
  });

  it('answers telemetry for a wrong key or an unknown site with 404 and changes nothing', async () => {
    const bad = await t.app.request('/api/v1/telemetry', {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({
        license_key: 'not-a-real-key-123',
        url: 'https://example.org',
        wp_version: '1',
      }),
    });
    expect(bad.status).toBe(404);
    const invalid = await t.app.request('/api/v1/telemetry', {
      method: 'POST',
      headers: jsonHeaders,
      body: JSON.stringify({ license_key: 'x', url: '' }),
    });
    expect(invalid.status).toBe(400);
  });

  it('overview gives the same headline numbers', async () => {
    const report = v.parse(DashboardReportSchema, await (await post('/reports/dashboard', company)).json());
    const overview = v.parse(
      DashboardOverviewSchema,
      await (await post('/reports/dashboard/overview', company)).json(),
    );
    expect(overview).toEqual({
      company: report.company,
      allProducts: report.allProducts,
      activeSitesCount: report.activeSitesCount,
      deactivedSitesCount: report.deactivedSitesCount,
      totalUserCount: report.totalUserCount,
      newUserCount: report.newUserCount,
    });
  });

  it('is 403 for a customer, a manager and an admin; 401 without a token', async () => {
    for (const [email, password] of [
      ['customer@example.com', 'Customer#2026'],
      ['manager@example.com', 'Manager#2026'],
      ['admin@example.com', 'Admin#2026'],
    ] as const) {
      const token = await signIn(t.app, email, password);
      for (const path of [
        '/reports/dashboard',
        '/reports/dashboard/overview',
        '/export-data',
        '/super-admin/reports/dashboard',
      ]) {
        expect((await post(path, token)).status, `${email} ${path}`).toBe(403);
      }
    }
    expect((await post('/reports/dashboard', null)).status).toBe(401);
  });
});

describe('POST /user/switch-account', () => {
  it('switches to a profile the user belongs to, with role_permission, and the report follows', async () => {
    const response = await post('/user/switch-account', company, { company_id: globexId });
    expect(response.status).toBe(200);
    const body = v.parse(SwitchAccountResponseSchema, await response.json());
    expect(body.role_permission).toEqual({ view_reports: true, export_data: false });
    expect(body.user.activeProfile).toEqual({ id: globexId, name: 'Globex Studio' });
    const report = v.parse(DashboardReportSchema, await (await post('/reports/dashboard', company)).json());
    expect(report.company.name).toBe('Globex Studio');
    expect(report.allProducts.map((p) => p.name)).toContain('Embed Plugin');
    const expected = await expectedSiteCounts(globexId);
    expect(report.activeSitesCount).toBe(expected.active);
    // Globex may not export.
    expect((await post('/export-data', company)).status).toBe(403);
    await post('/user/switch-account', company, { company_id: acmeId });
  });

  it('answers 404 for a company the user does not belong to, and nothing changes', async () => {
    const [other] = await t.handle.db.insert(companies).values({ name: 'Initech' }).returning();
    const response = await post('/user/switch-account', company, { company_id: other?.id });
    expect(response.status).toBe(404);
    const [row] = await t.handle.db.select().from(users).where(eq(users.email, 'company@example.com'));
    expect(row?.activeCompanyId).toBe(acmeId);
    const customer = await signIn(t.app, 'customer@example.com', 'Customer#2026');
    expect((await post('/user/switch-account', customer, { company_id: acmeId })).status).toBe(404);
  });

  it('answers access-removed when the membership was revoked, and the reports too', async () => {
    const userId = await companyUserId();
    const revoke = (removed: boolean) =>
      t.handle.db
        .update(companyMembers)
        .set({ removed })
        .where(and(eq(companyMembers.companyId, acmeId), eq(companyMembers.userId, userId)));
    await revoke(true);
    try {
      const switched = await post('/user/switch-account', company, { company_id: acmeId });
      expect(switched.status).toBe(403);
      expect(await switched.json()).toMatchObject({ status: 'access-removed', code: 'access-removed' });
      const report = await post('/reports/dashboard', company);
      expect(report.status).toBe(403);
      expect(await report.json()).toMatchObject({ status: 'access-removed' });
      // The active company was cleared: the next call says no company is active.
      const next = await post('/reports/dashboard', company);
      expect(next.status).toBe(404);
      expect(await next.json()).toMatchObject({ status: 'company-not-found' });
    } finally {
      await revoke(false);
      await t.handle.db.update(users).set({ activeCompanyId: acmeId }).where(eq(users.id, userId));
    }
  });
});

describe('POST /export-data', () => {
  it('sends export.csv with a row per site of the company, formulas neutralised', async () => {
    const [owner] = await t.handle.db
      .select({ userId: licences.userId })
      .from(licences)
      .innerJoin(companyProducts, eq(companyProducts.downloadId, licences.downloadId))
      .where(eq(companyProducts.companyId, acmeId))
      .limit(1);
    if (!owner) throw new Error('no Acme customer');
    await t.handle.db
      .update(users)
      .set({ displayName: '=HYPERLINK("https://evil.example","x")' })
      .where(eq(users.id, owner.userId));
    const response = await post('/export-data', company);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toContain('text/csv');
    expect(response.headers.get('Content-Disposition')).toBe('attachment; filename="export.csv"');
    const text = await response.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toContain('"Site URL","Product","Status","Customer"');
    const expected = await expectedSiteCounts(acmeId);
    expect(lines.length - 1).toBe(expected.active + expected.deactivated);
    expect(text).toContain(`"'=HYPERLINK(""https://evil.example"",""x"")"`);
    expect(text).not.toMatch(/(^|,)"=/m);
  });
});

describe('csv cells', () => {
  it('escapes = + - @ tab and CR at the start, quotes everything', () => {
    expect(csvCell('=1+1')).toBe(`"'=1+1"`);
    expect(csvCell('+1')).toBe(`"'+1"`);
    expect(csvCell('-1')).toBe(`"'-1"`);
    expect(csvCell('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvCell('\tx')).toBe(`"'\tx"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvCell('a "b", c')).toBe(`"a ""b"", c"`);
    expect(csvCell('mid=dle')).toBe('"mid=dle"');
    expect(csvCell(null)).toBe('""');
    expect(toCsv([['a', 1]])).toBe('\uFEFF"a","1"\r\n');
  });
});

describe('POST /super-admin/reports/dashboard', () => {
  it('compares every company for the super-admin only', async () => {
    const superAdmin = await signIn(t.app, 'superadmin@example.com', 'SuperAdmin#2026');
    const response = await post('/super-admin/reports/dashboard', superAdmin);
    expect(response.status).toBe(200);
    const report = v.parse(SuperAdminReportSchema, await response.json());
    const acme = report.companies.find((c) => c.name === 'Acme Agency');
    const expected = await expectedSiteCounts(acmeId);
    expect(acme?.activeSitesCount).toBe(expected.active);
    expect(report.totals.companies).toBe(report.companies.length);
    expect(report.totals.activeSitesCount).toBeGreaterThanOrEqual(
      report.companies.reduce((sum, c) => sum + c.activeSitesCount, 0),
    );
    expect((await post('/super-admin/reports/dashboard', company)).status).toBe(403);
  });
});
