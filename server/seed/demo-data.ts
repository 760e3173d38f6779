import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { agencyBundle, catalogueProducts, downloadIds, findProduct, findTier } from '../../shared/catalogue';
import { hashPassword } from '../auth/passwords';
import { sealTotpSecret } from '../auth/totp';
import type { Database } from '../db';
import {
  affiliateCreatives,
  affiliatePayouts,
  affiliateReferrals,
  affiliates,
  affiliateVisits,
  billingAddresses,
  companies,
  companyMembers,
  type LicenceStatus,
  licences,
  type PaymentStatus,
  paymentItems,
  paymentMethods,
  payments,
  sites,
  subscriptions,
  tickets,
  ticketThreads,
  users,
} from '../db/schema';
import { toCents } from './catalogue';
import { seedDemoCoupons } from './coupons';
import { type DemoAccount, demoAccounts, demoTotpSecret } from './demo-accounts';
import { seedCompanyAnalytics } from './reports';

const day = 24 * 3600 * 1000;
const daysFrom = (now: Date, days: number) => new Date(now.getTime() + days * day);
const randomKey = () => randomBytes(16).toString('hex');

async function createAccount(db: Database, account: DemoAccount): Promise<number> {
  const [row] = await db
    .insert(users)
    .values({
      username: account.username,
      email: account.email,
      passwordHash: await hashPassword(account.password),
      firstName: account.firstName,
      lastName: account.lastName,
      displayName: `${account.firstName} ${account.lastName}`,
      accountType: account.accountType,
      isCustomer: account.isCustomer,
      // Sealed like every TOTP secret at rest (server/auth/secret-box.ts).
      totpSecret: account.key === 'totp' ? sealTotpSecret(demoTotpSecret) : null,
      emailTwoFactor: account.key === 'email2fa',
      twoFactorRequired: account.key === 'setup2fa',
    })
    .returning({ id: users.id });
  if (!row) throw new Error(`Could not create demo account ${account.email}`);
  return row.id;
}

interface PurchaseSpec {
  number: string;
  downloadId: number;
  priceId: number;
  daysAgo: number;
  status: PaymentStatus;
  licenceStatus: LicenceStatus;
  /** Days from now; null for lifetime. */
  expiresInDays: number | null;
  siteUrls: string[];
}

/** One purchase with its item and licence (and, for a bundle, a child licence per bundled product). */
async function createPurchase(db: Database, now: Date, userId: number, email: string, spec: PurchaseSpec) {
  const product = findProduct(spec.downloadId);
  const tier = findTier(spec.downloadId, spec.priceId);
  if (!product || !tier) throw new Error(`No catalogue tier ${spec.downloadId}/${spec.priceId}`);
  const created = daysFrom(now, -spec.daysAgo);
  const amount = toCents(tier.price);
  const [payment] = await db
    .insert(payments)
    .values({
      number: spec.number,
      userId,
      email,
      status: spec.status,
      gateway: 'stripe',
      transactionId: `demo_${spec.number}`,
      purchaseKey: randomKey(),
      subtotalCents: amount,
      totalCents: amount,
      createdAt: created,
      completedAt: created,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('Payment insert returned no row');
  const [item] = await db
    .insert(paymentItems)
    .values({
      paymentId: payment.id,
      downloadId: product.downloadId,
      priceId: tier.priceId,
      name: product.name,
      priceName: tier.name,
      amountCents: amount,
    })
    .returning({ id: paymentItems.id });
  const licenceValues = {
    userId,
    paymentId: payment.id,
    paymentItemId: item?.id ?? null,
    priceId: tier.priceId,
    status: spec.licenceStatus,
    activationLimit: tier.sites,
    expiresAt: spec.expiresInDays === null ? null : daysFrom(now, spec.expiresInDays),
    createdAt: created,
  };
  const [licence] = await db
    .insert(licences)
    .values({ ...licenceValues, key: randomKey(), downloadId: product.downloadId })
    .returning({ id: licences.id });
  if (!licence) throw new Error('Licence insert returned no row');
  if (spec.siteUrls.length) {
    await db.insert(sites).values(
      spec.siteUrls.map((url, index) => ({
        licenceId: licence.id,
        url,
        platformVersion: index % 2 ? '6.5.5' : '6.8.1',
        runtimeVersion: index % 2 ? '8.1' : '8.3',
        pluginVersion: '2.4.0',
        language: index % 2 ? 'de_DE' : 'en_US',
        activatedAt: daysFrom(created, 1),
      })),
    );
  }
  if (product.kind === 'bundle') {
    const contents = catalogueProducts.filter((p) => p.kind !== 'bundle');
    await db.insert(licences).values(
      contents.map((child) => ({
        ...licenceValues,
        key: randomKey(),
        downloadId: child.downloadId,
        parentLicenceId: licence.id,
      })),
    );
  }
  return { paymentId: payment.id, licenceId: licence.id, tier };
}

async function seedCustomer(db: Database, now: Date, userId: number, email: string): Promise<void> {
  const yearly = await createPurchase(db, now, userId, email, {
    number: '1001',
    downloadId: downloadIds.addons,
    priceId: 1,
    daysAgo: 200,
    status: 'complete',
    licenceStatus: 'active',
    expiresInDays: 165,
    siteUrls: ['https://casey-shop.example'],
  });
  await createPurchase(db, now, userId, email, {
    number: '1002',
    downloadId: downloadIds.documentation,
    priceId: 3,
    daysAgo: 100,
    status: 'complete',
    licenceStatus: 'active',
    expiresInDays: null,
    siteUrls: ['https://docs.casey-shop.example', 'https://staging.casey-shop.example'],
  });
  const bundle = await createPurchase(db, now, userId, email, {
    number: '1003',
    downloadId: agencyBundle.downloadId,
    priceId: 1,
    daysAgo: 30,
    status: 'complete',
    licenceStatus: 'active',
    expiresInDays: 335,
    siteUrls: ['https://client-one.example'],
  });
  // Expired, on the lowest tier: renewal and upgrades are both offered.
  await createPurchase(db, now, userId, email, {
    number: '1004',
    downloadId: downloadIds.blocks,
    priceId: 1,
    daysAgo: 400,
    status: 'complete',
    licenceStatus: 'expired',
    expiresInDays: -35,
    siteUrls: ['https://old-blog.example'],
  });
  // Refunded: the licence is disabled and the history offers no invoice.
  await createPurchase(db, now, userId, email, {
    number: '1005',
    downloadId: downloadIds.notification,
    priceId: 1,
    daysAgo: 60,
    status: 'refunded',
    licenceStatus: 'disabled',
    expiresInDays: 305,
    siteUrls: [],
  });

  await db.insert(subscriptions).values([
    {
      userId,
      paymentId: bundle.paymentId,
      licenceId: bundle.licenceId,
      downloadId: agencyBundle.downloadId,
      priceId: 1,
      status: 'active',
      period: 'year',
      initialAmountCents: toCents(bundle.tier.price),
      recurringAmountCents: toCents(bundle.tier.price),
      renewalAt: daysFrom(now, 335),
      gatewaySubscriptionId: 'sub_demo_bundle',
      createdAt: daysFrom(now, -30),
    },
    {
      userId,
      paymentId: yearly.paymentId,
      licenceId: yearly.licenceId,
      downloadId: downloadIds.addons,
      priceId: 1,
      status: 'cancelled',
      period: 'year',
      initialAmountCents: toCents(yearly.tier.price),
      recurringAmountCents: toCents(yearly.tier.price),
      renewalAt: daysFrom(now, 165),
      gatewaySubscriptionId: 'sub_demo_addons',
      createdAt: daysFrom(now, -200),
      cancelledAt: daysFrom(now, -10),
    },
  ]);

  await db.insert(billingAddresses).values({
    userId,
    line1: '12 Harbour Street',
    line2: 'Suite 4',
    country: 'US',
    state: 'CA',
    city: 'San Francisco',
    zip: '94105',
  });
  await db.insert(paymentMethods).values([
    {
      userId,
      gatewayRef: 'pm_demo_visa_4242',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2030,
      isDefault: true,
    },
    { userId, gatewayRef: 'pm_demo_mc_4444', brand: 'mastercard', last4: '4444', expMonth: 6, expYear: 2029 },
  ]);

  const [open, closed] = await db
    .insert(tickets)
    .values([
      {
        userId,
        subject: 'Cannot activate the licence on my staging site',
        status: 'active',
        customerWaitingSince: daysFrom(now, -1),
        createdAt: daysFrom(now, -3),
      },
      {
        userId,
        subject: 'Please add our VAT number to invoice 1002',
        status: 'closed',
        closedAt: daysFrom(now, -80),
        closedByName: 'Sam Support',
        createdAt: daysFrom(now, -90),
      },
    ])
    .returning({ id: tickets.id });
  if (!open || !closed) throw new Error('Ticket insert returned no rows');
  const customer = {
    via: 'customer' as const,
    authorUserId: userId,
    authorFirstName: 'Casey',
    authorLastName: 'Customer',
  };
  const support = {
    via: 'user' as const,
    authorUserId: null,
    authorFirstName: 'Sam',
    authorLastName: 'Support',
  };
  await db.insert(ticketThreads).values([
    {
      ticketId: open.id,
      ...customer,
      bodyHtml: '<p>Activating on staging.casey-shop.example says the limit is reached.</p>',
      createdAt: daysFrom(now, -3),
    },
    {
      ticketId: open.id,
      ...support,
      bodyHtml: '<p>Staging sites count as activations. Could you deactivate an old site first?</p>',
      createdAt: daysFrom(now, -2),
    },
    {
      ticketId: open.id,
      ...customer,
      bodyHtml: '<p>Done, but it still fails. Any idea?</p>',
      createdAt: daysFrom(now, -1),
    },
    {
      ticketId: closed.id,
      ...customer,
      bodyHtml: '<p>Our VAT number is EU123456789. Can it go on the invoice?</p>',
      createdAt: daysFrom(now, -90),
    },
    {
      ticketId: closed.id,
      ...support,
      bodyHtml: '<p>You can generate the invoice yourself with the VAT field. Closing this one.</p>',
      createdAt: daysFrom(now, -80),
    },
  ]);
}

async function seedCompany(db: Database, now: Date, userId: number): Promise<void> {
  const [acme, globex] = await db
    .insert(companies)
    .values([{ name: 'Acme Agency' }, { name: 'Globex Studio' }])
    .returning({ id: companies.id });
  if (!acme || !globex) throw new Error('Company insert returned no rows');
  await db.insert(companyMembers).values([
    { companyId: acme.id, userId, rolePermission: { view_reports: true, export_data: true } },
    { companyId: globex.id, userId, rolePermission: { view_reports: true, export_data: false } },
  ]);
  await db.update(users).set({ activeCompanyId: acme.id }).where(eq(users.id, userId));
  await seedCompanyAnalytics(db, now, acme.id, globex.id);
}

async function seedAffiliate(db: Database, now: Date, userId: number, email: string): Promise<void> {
  const [affiliate] = await db
    .insert(affiliates)
    .values({
      userId,
      status: 'active',
      paymentEmail: email,
      websiteUrl: 'https://avery-reviews.example',
      promotionMethod: 'Reviews and tutorials on my blog and newsletter.',
      createdAt: daysFrom(now, -120),
    })
    .returning({ id: affiliates.id });
  if (!affiliate) throw new Error('Affiliate insert returned no row');
  const affiliateId = affiliate.id;
  const referralRows = await db
    .insert(affiliateReferrals)
    .values([
      {
        affiliateId,
        reference: '2001',
        amountCents: 2000,
        description: 'Addons Plugin - 1 Site',
        status: 'paid',
        createdAt: daysFrom(now, -90),
      },
      {
        affiliateId,
        reference: '2002',
        amountCents: 7980,
        description: 'Agency Bundle - Agency Yearly',
        status: 'unpaid',
        createdAt: daysFrom(now, -12),
      },
      {
        affiliateId,
        reference: '2003',
        amountCents: 980,
        description: 'Blocks Plugin - 1 Site',
        status: 'rejected',
        createdAt: daysFrom(now, -5),
      },
    ])
    .returning({ id: affiliateReferrals.id });
  // Older referrals, so the Referrals tab has more than one page of 20 to page through.
  await db.insert(affiliateReferrals).values(
    Array.from({ length: 22 }, (_, index) => ({
      affiliateId,
      reference: String(1901 + index),
      amountCents: 990 + index * 10,
      description: 'Addons Plugin - 1 Site',
      status: 'paid',
      createdAt: daysFrom(now, -(100 + index)),
    })),
  );
  await db.insert(affiliateVisits).values(
    [0, 1, 2, 3, 4].map((index) => ({
      affiliateId,
      url: 'https://vendor.example/plugins/addons/',
      referrer: index % 2 ? 'https://avery-reviews.example/best-addons' : '',
      referralId: index === 0 ? (referralRows[0]?.id ?? null) : null,
      campaign: index % 2 ? 'spring-review' : null,
      createdAt: daysFrom(now, -(index * 7 + 1)),
    })),
  );
  await db.insert(affiliatePayouts).values([
    { affiliateId, amountCents: 2000, payoutMethod: 'PayPal', status: 'paid', createdAt: daysFrom(now, -60) },
    {
      affiliateId,
      amountCents: 4500,
      payoutMethod: 'PayPal',
      status: 'processing',
      createdAt: daysFrom(now, -2),
    },
  ]);
  await db.insert(affiliateCreatives).values([
    {
      name: 'Leaderboard banner',
      image: '/assets/creatives/banner-728x90.svg',
      text: 'Build better sites with our plugins',
      url: 'https://vendor.example/',
    },
    {
      name: 'Agency bundle text link',
      text: 'Every plugin, one price: the Agency Bundle',
      url: 'https://vendor.example/bundle/',
    },
  ]);
}

/** Demo accounts and everything they own. Runs once per database (see seed/index.ts). */
export async function seedDemoData(db: Database, now = new Date()): Promise<void> {
  for (const account of demoAccounts) {
    const userId = await createAccount(db, account);
    if (account.key === 'customer') await seedCustomer(db, now, userId, account.email);
    if (account.key === 'company') await seedCompany(db, now, userId);
    if (account.key === 'affiliate') await seedAffiliate(db, now, userId, account.email);
  }
  await seedDemoCoupons(db, now);
}
