import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type {
  CompanySummary,
  DashboardOverview,
  DashboardReport,
  ReportSite,
  SuperAdminReport,
} from '../../shared/schemas/reports';
import { siteListLimit } from '../../shared/schemas/reports';
import type { Database } from '../db';
import {
  companies,
  companyMembers,
  companyProducts,
  licences,
  mailListMembers,
  payments,
  products,
  siteConfigs,
  sites,
  users,
} from '../db/schema';
import {
  licenceStatuses,
  mailListAnalytics,
  monthlySites,
  siteCounts,
  siteDistribution,
  unknownLabel,
  userCounts,
} from './figures';
import { type ReportScope, siteIsActive, siteIsDeactivated, siteLicenceJoin, siteScope } from './site-query';

export interface CompanyRef {
  id: number;
  name: string;
}

async function productIdsOf(db: Database, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ downloadId: companyProducts.downloadId })
    .from(companyProducts)
    .where(eq(companyProducts.companyId, companyId));
  return rows.map((row) => row.downloadId);
}

/** The company's products with their licence and active-site counts. */
async function productFigures(db: Database, scope: ReportScope & { downloadIds: readonly number[] }) {
  if (scope.downloadIds.length === 0) return [];
  const licenceCount = db
    .select({ downloadId: licences.downloadId, count: sql<number>`count(*)::int`.as('licence_count') })
    .from(licences)
    .where(inArray(licences.downloadId, [...scope.downloadIds]))
    .groupBy(licences.downloadId)
    .as('licence_counts');
  const siteCount = db
    .select({ downloadId: licences.downloadId, count: sql<number>`count(*)::int`.as('site_count') })
    .from(sites)
    .innerJoin(licences, siteLicenceJoin)
    .where(siteScope(scope, siteIsActive))
    .groupBy(licences.downloadId)
    .as('site_counts');
  const rows = await db
    .select({
      download_id: products.downloadId,
      name: products.name,
      licences: sql<number>`coalesce(${licenceCount.count}, 0)::int`,
      active_sites: sql<number>`coalesce(${siteCount.count}, 0)::int`,
    })
    .from(products)
    .leftJoin(licenceCount, eq(licenceCount.downloadId, products.downloadId))
    .leftJoin(siteCount, eq(siteCount.downloadId, products.downloadId))
    .where(inArray(products.downloadId, [...scope.downloadIds]))
    .orderBy(asc(products.name));
  return rows;
}

/** Every site in scope with its product and owner, newest activation first; `limit` null for all. */
export async function siteRows(db: Database, scope: ReportScope, limit: number | null) {
  const query = db
    .select({
      id: sites.id,
      url: sites.url,
      product: products.name,
      wpVersion: sites.platformVersion,
      phpVersion: sites.runtimeVersion,
      pluginVersion: sites.pluginVersion,
      language: sites.language,
      activatedAt: sites.activatedAt,
      deactivatedAt: sites.deactivatedAt,
      deactivationReason: sites.deactivationReason,
      multisite: siteConfigs.multisite,
      server: siteConfigs.server,
      ownerName: users.displayName,
      ownerEmail: users.email,
    })
    .from(sites)
    .innerJoin(licences, siteLicenceJoin)
    .innerJoin(products, eq(products.downloadId, licences.downloadId))
    .innerJoin(users, eq(users.id, licences.userId))
    .leftJoin(siteConfigs, eq(siteConfigs.siteId, sites.id))
    .where(siteScope(scope))
    .orderBy(desc(sites.activatedAt), desc(sites.id));
  return limit === null ? query : query.limit(limit);
}

type SiteRow = Awaited<ReturnType<typeof siteRows>>[number];

function toReportSite(row: SiteRow): ReportSite {
  return {
    id: row.id,
    url: row.url,
    product: row.product,
    wp_version: row.wpVersion,
    php_version: row.phpVersion,
    plugin_version: row.pluginVersion,
    language: row.language,
    status: row.deactivatedAt ? 'deactivated' : 'active',
    activated_at: row.activatedAt.toISOString(),
    deactivated_at: row.deactivatedAt?.toISOString() ?? null,
    deactivation_reason: row.deactivationReason,
  };
}

/** `POST /reports/dashboard/overview`: the headline numbers of the company. */
export async function companyOverview(
  db: Database,
  company: CompanyRef,
  now: Date,
): Promise<DashboardOverview> {
  const scope = { downloadIds: await productIdsOf(db, company.id) };
  const [allProducts, counts, people] = await Promise.all([
    productFigures(db, scope),
    siteCounts(db, scope),
    userCounts(db, scope, now),
  ]);
  return {
    company,
    allProducts,
    activeSitesCount: counts.active,
    deactivedSitesCount: counts.deactivated,
    totalUserCount: people.total,
    newUserCount: people.fresh,
  };
}

/** `POST /reports/dashboard`: every part of spec §1's dashboard report, computed from the rows. */
export async function companyReport(db: Database, company: CompanyRef, now: Date): Promise<DashboardReport> {
  const scope = { downloadIds: await productIdsOf(db, company.id) };
  const multisite = sql`case when ${siteConfigs.multisite} then 'Multisite' when ${siteConfigs.multisite} = false then 'Single site' end`;
  const [overview, siteList, wpVersion, phpVersion, pluginVersion, status, language, reasons] =
    await Promise.all([
      companyOverview(db, company, now),
      siteRows(db, scope, siteListLimit),
      siteDistribution(db, scope, sites.platformVersion),
      siteDistribution(db, scope, sites.runtimeVersion),
      siteDistribution(db, scope, sites.pluginVersion),
      licenceStatuses(db, scope, now),
      siteDistribution(db, scope, sites.language),
      siteDistribution(db, scope, sites.deactivationReason, siteIsDeactivated),
    ]);
  const [analytics, mail, multisiteCounts, servers] = await Promise.all([
    monthlySites(db, scope, now),
    mailListAnalytics(db, [company.id], now),
    siteDistribution(db, scope, multisite),
    siteDistribution(db, scope, siteConfigs.server),
  ]);
  return {
    ...overview,
    siteList: siteList.map(toReportSite),
    wpVersion,
    phpVersion,
    pluginVersion,
    status,
    language,
    de_active_reasons: reasons,
    analytics,
    mailChimpAnalytics: mail,
    sitesConfig: { multisite: multisiteCounts, server: servers },
  };
}

/** `POST /export-data`: the header and one row per site of the company, every site, for export.csv. */
export async function companyExportRows(db: Database, company: CompanyRef) {
  const rows = await siteRows(db, { downloadIds: await productIdsOf(db, company.id) }, null);
  const header = [
    'Site URL',
    'Product',
    'Status',
    'Customer',
    'Customer email',
    'Platform version',
    'PHP version',
    'Plugin version',
    'Language',
    'Multisite',
    'Server',
    'Activated',
    'Deactivated',
    'Deactivation reason',
  ];
  const body = rows.map((row) => [
    row.url,
    row.product,
    row.deactivatedAt ? 'deactivated' : 'active',
    row.ownerName,
    row.ownerEmail,
    row.wpVersion,
    row.phpVersion,
    row.pluginVersion,
    row.language,
    row.multisite === null ? unknownLabel : row.multisite ? 'yes' : 'no',
    row.server,
    row.activatedAt.toISOString(),
    row.deactivatedAt?.toISOString() ?? null,
    row.deactivationReason,
  ]);
  return [header, ...body];
}

/** One line per company for the super-admin: members, products, sites, users and subscribers. */
async function companySummaries(db: Database, now: Date): Promise<CompanySummary[]> {
  const rows = await db
    .select({
      id: companies.id,
      name: companies.name,
      members: sql<number>`(select count(*) from ${companyMembers} where ${companyMembers.companyId} = ${companies.id} and not ${companyMembers.removed})::int`,
      subscribers: sql<number>`(select count(*) from ${mailListMembers} where ${mailListMembers.companyId} = ${companies.id} and ${mailListMembers.status} = 'subscribed')::int`,
    })
    .from(companies)
    .orderBy(asc(companies.name), asc(companies.id));
  return Promise.all(
    rows.map(async (row) => {
      const overview = await companyOverview(db, row, now);
      return {
        id: row.id,
        name: row.name,
        members: row.members,
        products: overview.allProducts.length,
        activeSitesCount: overview.activeSitesCount,
        deactivedSitesCount: overview.deactivedSitesCount,
        totalUserCount: overview.totalUserCount,
        newUserCount: overview.newUserCount,
        subscribers: row.subscribers,
      };
    }),
  );
}

/** `POST /super-admin/reports/dashboard`: every company side by side and the platform as a whole. */
export async function superAdminReport(db: Database, now: Date): Promise<SuperAdminReport> {
  const all: ReportScope = { downloadIds: null };
  const [summaries, counts, people, sales, wpVersion, phpVersion, language] = await Promise.all([
    companySummaries(db, now),
    siteCounts(db, all),
    userCounts(db, all, now),
    db
      .select({
        count: sql<number>`count(*)::int`,
        cents: sql<string>`coalesce(sum(${payments.totalCents}), 0)::bigint`,
      })
      .from(payments)
      .where(eq(payments.status, 'complete')),
    siteDistribution(db, all, sites.platformVersion),
    siteDistribution(db, all, sites.runtimeVersion),
    siteDistribution(db, all, sites.language),
  ]);
  return {
    companies: summaries,
    totals: {
      companies: summaries.length,
      users: people.total,
      newUsers: people.fresh,
      activeSitesCount: counts.active,
      deactivedSitesCount: counts.deactivated,
      sales: { count: sales[0]?.count ?? 0, total: Number(sales[0]?.cents ?? 0) / 100 },
    },
    wpVersion,
    phpVersion,
    language,
  };
}
