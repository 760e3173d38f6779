import { type AnyColumn, and, asc, desc, eq, gte, inArray, type SQL, sql } from 'drizzle-orm';
import type { Count } from '../../shared/schemas/reports';
import type { Database } from '../db';
import { licences, mailListMembers, siteConfigs, sites } from '../db/schema';
import { type ReportScope, siteIsActive, siteIsDeactivated, siteLicenceJoin, siteScope } from './site-query';

/** A missing telemetry value is shown as 'Unknown' rather than dropped, so the bars add up to the count. */
export const unknownLabel = 'Unknown';

const countInt = sql<number>`count(*)::int`;
/**
 * Grouping by the select list's first column: repeating an expression that carries a parameter would
 * send it as a new placeholder, which PostgreSQL does not see as the same expression.
 */
const firstColumn = sql`1`;

/** Sites in scope grouped by `column`, most frequent first. */
export async function siteDistribution(
  db: Database,
  scope: ReportScope,
  column: AnyColumn | SQL,
  filter: SQL = siteIsActive,
): Promise<Count[]> {
  const label = sql<string | null>`${column}`;
  const rows = await db
    .select({ label, count: countInt })
    .from(sites)
    .innerJoin(licences, siteLicenceJoin)
    .leftJoin(siteConfigs, eq(siteConfigs.siteId, sites.id))
    .where(siteScope(scope, filter))
    .groupBy(firstColumn)
    .orderBy(desc(countInt), asc(firstColumn));
  return rows.map((row) => ({ label: row.label || unknownLabel, count: row.count }));
}

export async function siteCounts(db: Database, scope: ReportScope) {
  const [row] = await db
    .select({
      active: sql<number>`(count(*) filter (where ${siteIsActive}))::int`,
      deactivated: sql<number>`(count(*) filter (where ${siteIsDeactivated}))::int`,
    })
    .from(sites)
    .innerJoin(licences, siteLicenceJoin)
    .where(siteScope(scope));
  return { active: row?.active ?? 0, deactivated: row?.deactivated ?? 0 };
}

/** Licences by status; an active licence past its expiry counts as expired, as the licence pages show it. */
export async function licenceStatuses(db: Database, scope: ReportScope, now: Date): Promise<Count[]> {
  const label = sql<string>`case when ${licences.status} = 'active' and ${licences.expiresAt} < ${now.toISOString()}::timestamptz then 'expired' else ${licences.status} end`;
  const rows = await db
    .select({ label, count: countInt })
    .from(licences)
    .where(siteScope(scope))
    .groupBy(firstColumn)
    .orderBy(desc(countInt), asc(firstColumn));
  return rows;
}

/** Users holding a licence in scope, and those whose first such licence is less than 30 days old. */
export async function userCounts(db: Database, scope: ReportScope, now: Date) {
  const cutoff = new Date(now.getTime() - 30 * 24 * 3600 * 1000).toISOString();
  const firsts = db
    .select({ userId: licences.userId, first: sql<Date>`min(${licences.createdAt})`.as('first') })
    .from(licences)
    .where(siteScope(scope))
    .groupBy(licences.userId)
    .as('firsts');
  const [row] = await db
    .select({
      total: countInt,
      fresh: sql<number>`(count(*) filter (where ${firsts.first} >= ${cutoff}::timestamptz))::int`,
    })
    .from(firsts);
  return { total: row?.total ?? 0, fresh: row?.fresh ?? 0 };
}

/** The last 12 calendar months (UTC) as `YYYY-MM`, oldest first. */
export function lastMonths(now: Date, count = 12): string[] {
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (count - 1 - index), 1));
    return date.toISOString().slice(0, 7);
  });
}

const monthOf = (column: AnyColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

async function monthlyCounts(db: Database, scope: ReportScope, column: AnyColumn, since: string) {
  const month = monthOf(column);
  const rows = await db
    .select({ month, count: countInt })
    .from(sites)
    .innerJoin(licences, siteLicenceJoin)
    .where(siteScope(scope, gte(column, new Date(since))))
    .groupBy(month);
  return new Map(rows.map((row) => [row.month, row.count]));
}

/** Activations and deactivations per month over the last 12 months. */
export async function monthlySites(db: Database, scope: ReportScope, now: Date) {
  const months = lastMonths(now);
  const since = `${months[0]}-01T00:00:00Z`;
  const [activated, deactivated] = await Promise.all([
    monthlyCounts(db, scope, sites.activatedAt, since),
    monthlyCounts(db, scope, sites.deactivatedAt, since),
  ]);
  return months.map((month) => ({
    month,
    activated: activated.get(month) ?? 0,
    deactivated: deactivated.get(month) ?? 0,
  }));
}

/** A company's newsletter members now, and who joined and left each month of the last 12. */
export async function mailListAnalytics(db: Database, companyIds: readonly number[] | null, now: Date) {
  const inScope = companyIds === null ? undefined : inArray(mailListMembers.companyId, [...companyIds]);
  const months = lastMonths(now);
  const since = new Date(`${months[0]}-01T00:00:00Z`);
  const joinedMonth = monthOf(mailListMembers.subscribedAt);
  const leftMonth = monthOf(mailListMembers.leftAt);
  const [statuses, joined, left] = await Promise.all([
    db
      .select({ status: mailListMembers.status, count: countInt })
      .from(mailListMembers)
      .where(inScope)
      .groupBy(mailListMembers.status),
    db
      .select({ month: joinedMonth, count: countInt })
      .from(mailListMembers)
      .where(and(inScope, gte(mailListMembers.subscribedAt, since)))
      .groupBy(joinedMonth),
    db
      .select({ month: leftMonth, count: countInt })
      .from(mailListMembers)
      .where(and(inScope, gte(mailListMembers.leftAt, since)))
      .groupBy(leftMonth),
  ]);
  const byStatus = new Map(statuses.map((row) => [row.status, row.count]));
  const joins = new Map(joined.map((row) => [row.month, row.count]));
  const leaves = new Map(left.map((row) => [row.month, row.count]));
  return {
    subscribed: byStatus.get('subscribed') ?? 0,
    unsubscribed: byStatus.get('unsubscribed') ?? 0,
    cleaned: byStatus.get('cleaned') ?? 0,
    monthly: months.map((month) => ({
      month,
      subscribed: joins.get(month) ?? 0,
      unsubscribed: leaves.get(month) ?? 0,
    })),
  };
}
