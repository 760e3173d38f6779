import { asc, count, desc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type {
  Affiliate,
  AffiliateListQuery,
  Creative,
  CreativeListQuery,
  Payout,
  Referral,
  Visit,
} from '../../shared/schemas/affiliates';
import type { Database } from '../db';
import {
  affiliateCreatives,
  affiliatePayouts,
  affiliateReferrals,
  affiliates,
  affiliateVisits,
} from '../db/schema';

export type AffiliateRow = typeof affiliates.$inferSelect;

/** The query parameter of a referral URL (spec §3 referral_var); its value is the affiliate id. */
export const REFERRAL_VAR = 'ref';
/** The optional campaign parameter the URL generator appends (spec §2 Affiliate). */
export const CAMPAIGN_VAR = 'campaign';

export async function affiliateOfUser(db: Database, userId: number): Promise<AffiliateRow | null> {
  const [row] = await db.select().from(affiliates).where(eq(affiliates.userId, userId));
  return row ?? null;
}

/**
 * The referral URL points at the landing page (`AFFILIATE_LANDING_PATH`, the checkout by default): a
 * public page, where the visit is recorded (any page with `?ref=` is tracked).
 */
export function toAffiliate(row: AffiliateRow, origin: string, landingPath: string): Affiliate {
  const url = new URL(landingPath, origin);
  url.searchParams.set(REFERRAL_VAR, String(row.id));
  return { id: row.id, status: row.status, referral_url: url.toString(), referral_var: REFERRAL_VAR };
}

const cents = (value: number) => value / 100;

interface Page<T> {
  data: T[];
  total: number;
}

/** One page of an affiliate's rows, newest first by default, with the total for the pager. */
async function pageOf<Row>(
  db: Database,
  table: PgTable & { affiliateId: PgColumn; createdAt: PgColumn; id: PgColumn },
  affiliateId: number,
  query: AffiliateListQuery,
): Promise<Page<Row>> {
  const order =
    query.order === 'asc' ? [asc(table.createdAt), asc(table.id)] : [desc(table.createdAt), desc(table.id)];
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(table)
      .where(eq(table.affiliateId, affiliateId))
      .orderBy(...order)
      .limit(query.number)
      .offset(query.offset),
    db.select({ total: count() }).from(table).where(eq(table.affiliateId, affiliateId)),
  ]);
  return { data: rows as Row[], total: totals?.total ?? 0 };
}

export async function listVisits(
  db: Database,
  affiliateId: number,
  query: AffiliateListQuery,
): Promise<Page<Visit>> {
  const page = await pageOf<typeof affiliateVisits.$inferSelect>(db, affiliateVisits, affiliateId, query);
  return {
    total: page.total,
    data: page.data.map((row) => ({
      id: row.id,
      url: row.url,
      referrer: row.referrer,
      referral_id: row.referralId,
      campaign: row.campaign,
      date: row.createdAt.toISOString(),
    })),
  };
}

export async function listReferrals(
  db: Database,
  affiliateId: number,
  query: AffiliateListQuery,
): Promise<Page<Referral>> {
  const page = await pageOf<typeof affiliateReferrals.$inferSelect>(
    db,
    affiliateReferrals,
    affiliateId,
    query,
  );
  return {
    total: page.total,
    data: page.data.map((row) => ({
      id: row.id,
      reference: row.reference,
      amount: cents(row.amountCents),
      description: row.description,
      status: row.status,
      date: row.createdAt.toISOString(),
    })),
  };
}

export async function listPayouts(
  db: Database,
  affiliateId: number,
  query: AffiliateListQuery,
): Promise<Page<Payout>> {
  const page = await pageOf<typeof affiliatePayouts.$inferSelect>(db, affiliatePayouts, affiliateId, query);
  return {
    total: page.total,
    data: page.data.map((row) => ({
      id: row.id,
      amount: cents(row.amountCents),
      payout_method: row.payoutMethod,
      status: row.status,
      date: row.createdAt.toISOString(),
    })),
  };
}

/** Creatives are shared by every affiliate; only active ones are listed (spec §7 status active). */
export async function listCreatives(
  db: Database,
  origin: string,
  query: CreativeListQuery,
): Promise<Page<Creative>> {
  const active = eq(affiliateCreatives.status, query.status);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(affiliateCreatives)
      .where(active)
      .orderBy(asc(affiliateCreatives.id))
      .limit(query.number)
      .offset(query.offset),
    db.select({ total: count() }).from(affiliateCreatives).where(active),
  ]);
  return {
    total: totals?.total ?? 0,
    data: rows.map((row) => ({
      id: row.id,
      name: row.name,
      // Images shipped with the server are stored as paths; the element may live on another origin.
      image: row.image ? new URL(row.image, origin).toString() : '',
      text: row.text,
      url: row.url,
    })),
  };
}
