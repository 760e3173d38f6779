import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { hashPassword } from '../../../server/auth/passwords';
import {
  affiliates,
  companies,
  licences,
  newsPosts,
  payments,
  sites,
  subscriptions,
  ticketAttachments,
  tickets,
  ticketThreads,
  users,
} from '../../../server/db/schema';
import { demoAccounts } from '../../../server/seed/demo-accounts';
import { createTestApp, signIn, type TestApp } from '../../../server/test-support/app';
import type { DownloadItem } from '../../../shared/schemas/downloads';

/** The callers of the access matrix (issue 16). `customerA` owns every object the others aim at. */
export const roles = [
  'anonymous',
  'customerB',
  'affiliate',
  'manager',
  'admin',
  'superAdmin',
  'companyMember',
  // Last: the owner acts after the others were refused, so an allowed change cannot hide a refusal.
  'customerA',
] as const;
export type Role = (typeof roles)[number];

/** A second customer, made the way the seed makes the demo ones: it owns nothing of A's. */
const customerB = { email: 'customer-b@example.com', username: 'customer-b', password: 'CustomerB#2026' };

const demoLogin = (key: (typeof demoAccounts)[number]['key']) => {
  const account = demoAccounts.find((candidate) => candidate.key === key);
  if (!account) throw new Error(`no demo account ${key}`);
  return { email: account.email, password: account.password };
};

const logins: Record<Exclude<Role, 'anonymous'>, { email: string; password: string }> = {
  customerA: demoLogin('customer'),
  customerB,
  affiliate: demoLogin('affiliate'),
  manager: demoLogin('manager'),
  admin: demoLogin('admin'),
  superAdmin: demoLogin('superAdmin'),
  companyMember: demoLogin('company'),
};

/** The ids of objects owned by customer A (and by the affiliate and the company member). */
export interface AccessIds {
  customerAId: number;
  customerAEmail: string;
  paymentId: number;
  licenceId: number;
  licenceKey: string;
  /** An active site of another of A's licences, and that licence. */
  site: { paymentId: number; licenceId: number; url: string };
  openTicketId: number;
  closedTicketId: number;
  attachmentId: number;
  activeSubscriptionId: number;
  defaultCard: string;
  otherCard: string;
  /** A's signed PRO download, as `GET /downloads` gives it to A. */
  download: DownloadItem;
  companyId: number;
  affiliateId: number;
  newsSlug: string;
  freeSlug: string;
}

export interface AccessWorld {
  t: TestApp;
  ids: AccessIds;
  /** The standing session of a role (null for anonymous). */
  token(role: Role): string | null;
  /** A new session, for calls that spend one (sign-out, switching into a user). */
  freshToken(role: Role): Promise<string | null>;
  close(): Promise<void>;
}

async function createCustomerB(t: TestApp): Promise<void> {
  await t.handle.db.insert(users).values({
    username: customerB.username,
    email: customerB.email,
    passwordHash: await hashPassword(customerB.password),
    firstName: 'Blake',
    lastName: 'Second',
    displayName: 'Blake Second',
    accountType: 'CUSTOMER',
    isCustomer: true,
  });
}

/** A ticket of A's with an attachment, made through the API as A would. */
async function attachmentOfA(t: TestApp, tokenA: string): Promise<number> {
  const form = new FormData();
  form.append('subject', 'Attachment for the access matrix');
  form.append('message', 'The log is attached.');
  form.append('screenshots[]', new File(['plain text log line\n'], 'notes.txt', { type: 'text/plain' }));
  const response = await t.app.request('/api/v1/tickets', {
    method: 'POST',
    headers: { 'X-WP-Nonce': tokenA },
    body: form,
  });
  if (response.status !== 201) throw new Error(`ticket with attachment: ${response.status}`);
  const { conversation } = (await response.json()) as { conversation: { id: number } };
  const [file] = await t.handle.db
    .select({ id: ticketAttachments.id })
    .from(ticketAttachments)
    .innerJoin(ticketThreads, eq(ticketThreads.id, ticketAttachments.threadId))
    .where(eq(ticketThreads.ticketId, conversation.id));
  if (!file) throw new Error('the new ticket has no attachment');
  return file.id;
}

async function downloadOfA(t: TestApp, tokenA: string, paymentId: number): Promise<DownloadItem> {
  const response = await t.app.request('/api/v1/downloads', { headers: { 'X-WP-Nonce': tokenA } });
  const items = (await response.json()) as DownloadItem[];
  const item = items.find((candidate) => candidate.payment_id === paymentId);
  if (!item) throw new Error('A has no download for the first purchase');
  return item;
}

async function collectIds(t: TestApp, tokenA: string): Promise<AccessIds> {
  const { db } = t.handle;
  const [a] = await db.select().from(users).where(eq(users.email, logins.customerA.email));
  if (!a) throw new Error('no customer A');
  const [first] = await db
    .select({ paymentId: payments.id, licenceId: licences.id, key: licences.key })
    .from(payments)
    .innerJoin(licences, eq(licences.paymentId, payments.id))
    .where(and(eq(payments.userId, a.id), eq(payments.number, '1001')));
  const [site] = await db
    .select({ paymentId: licences.paymentId, licenceId: licences.id, url: sites.url })
    .from(sites)
    .innerJoin(licences, eq(licences.id, sites.licenceId))
    .innerJoin(payments, eq(payments.id, licences.paymentId))
    .where(and(eq(payments.number, '1002'), isNull(sites.deactivatedAt)))
    .orderBy(asc(sites.id));
  const aTickets = await db.select().from(tickets).where(eq(tickets.userId, a.id)).orderBy(asc(tickets.id));
  const [subscription] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, a.id), eq(subscriptions.status, 'active')));
  const [company] = await db.select().from(companies).where(eq(companies.name, 'Acme Agency'));
  const [affiliate] = await db.select().from(affiliates);
  const [post] = await db.select().from(newsPosts).orderBy(asc(newsPosts.id)).limit(1);
  const open = aTickets.find((ticket) => ticket.status !== 'closed');
  const closed = aTickets.find((ticket) => ticket.status === 'closed');
  if (!first || !site || !open || !closed || !subscription || !company || !affiliate || !post) {
    throw new Error('the demo data lacks an object the access matrix needs');
  }
  return {
    customerAId: a.id,
    customerAEmail: a.email,
    paymentId: first.paymentId,
    licenceId: first.licenceId,
    licenceKey: first.key,
    site,
    openTicketId: open.id,
    closedTicketId: closed.id,
    attachmentId: await attachmentOfA(t, tokenA),
    activeSubscriptionId: subscription.id,
    defaultCard: 'pm_demo_visa_4242',
    otherCard: 'pm_demo_mc_4444',
    download: await downloadOfA(t, tokenA, first.paymentId),
    companyId: company.id,
    affiliateId: affiliate.id,
    newsSlug: post.slug,
    freeSlug: 'starter-theme',
  };
}

/**
 * The seeded app with one session per role. Sign-in limits are raised (the matrix signs in again for
 * every call that spends a session); everything else is the test configuration.
 */
export async function createAccessWorld(): Promise<AccessWorld> {
  const dataDir = await mkdtemp(join(tmpdir(), 'vendor-access-'));
  const t = await createTestApp({
    dataDir,
    publicUrl: 'http://portal.test',
    signInRateLimit: { perAccount: 10_000, perIp: 10_000 },
  });
  await createCustomerB(t);
  const tokens = new Map<Role, string>();
  const freshToken = async (role: Role) => {
    if (role === 'anonymous') return null;
    const { email, password } = logins[role];
    return signIn(t.app, email, password);
  };
  for (const role of roles) {
    const token = await freshToken(role);
    if (token) tokens.set(role, token);
  }
  const ids = await collectIds(t, tokens.get('customerA') ?? '');
  return {
    t,
    ids,
    token: (role) => tokens.get(role) ?? null,
    freshToken,
    async close() {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
