import { randomBytes } from 'node:crypto';
import { downloadIds, findProduct, findTier } from '../../shared/catalogue';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db';
import {
  companyProducts,
  licences,
  mailListMembers,
  paymentItems,
  payments,
  siteConfigs,
  sites,
  users,
} from '../db/schema';
import { toCents } from './catalogue';

/*
 * Demo analytics for the company profiles: which products each company publishes, customers who bought
 * them, their sites with the telemetry a plugin reports (platform, PHP and plugin versions, language,
 * set-up, deactivation reasons) and the companies' mailing lists. The reports compute everything from
 * these rows. A fixed pseudo-random sequence keeps the demo the same on every database.
 */

const day = 24 * 3600 * 1000;

function sequence(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return {
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
    between: (low: number, high: number) => low + Math.floor(next() * (high - low + 1)),
    chance: (p: number) => next() < p,
  };
}

const platformVersions = ['6.8.1', '6.8.1', '6.8.1', '6.7.2', '6.7.2', '6.5.5', '6.4.3'];
const phpVersions = ['8.3', '8.3', '8.2', '8.2', '8.1', '7.4'];
const languages = ['en_US', 'en_US', 'en_US', 'de_DE', 'fr_FR', 'es_ES', 'ja', 'pt_BR'];
const servers = ['nginx', 'nginx', 'Apache', 'Apache', 'LiteSpeed'];
const reasons = [
  'I found a better plugin',
  'I only needed the plugin for a short period',
  'The plugin broke my site',
  'It is a temporary deactivation',
  'I no longer need the plugin',
];
const firstNames = [
  'Ada',
  'Ben',
  'Chloe',
  'Dev',
  'Elif',
  'Finn',
  'Grace',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Luis',
];
const lastNames = ['Novak', 'Okafor', 'Park', 'Quinn', 'Rossi', 'Singh', 'Tanaka', 'Ueda', 'Vargas', 'Weber'];

export const longLastName =
  'Novak-Okafor de la Parkinson-Quinnell Rossiter-Singhania Tanakawa-Uedamoto Vargas-Webersdorf Montgomery-Featherstone';

export const companyCatalogue = {
  acme: [downloadIds.addons, downloadIds.documentation, downloadIds.blocks, downloadIds.notification],
  globex: [downloadIds.embed, downloadIds.links, downloadIds.scheduling, downloadIds.payment],
} as const;

/** Customers whose licences and sites feed the company reports (16 for Acme, 8 for Globex). */
export const analyticsCustomerCount = 24;
const acmeCustomers = 16;

async function seedCustomerSites(
  db: Database,
  now: Date,
  index: number,
  productIds: readonly number[],
  passwordHash: string,
) {
  const random = sequence(index + 7);
  const first = firstNames[index % firstNames.length] ?? 'Demo';
  // The first customer has a 120-character name (first, space, last), so the shop manager's list and
  // the layout sweep meet one as real shops do.
  const short = lastNames[index % lastNames.length] ?? 'Customer';
  const last = index === 0 ? longLastName : short;
  const email = `${first}.${short}.${index}@customers.example`.toLowerCase();
  const created = new Date(now.getTime() - random.between(3, 330) * day);
  const [user] = await db
    .insert(users)
    .values({
      username: `${first}${short}${index}`.toLowerCase(),
      email,
      passwordHash,
      firstName: first,
      lastName: last,
      displayName: `${first} ${last}`,
      createdAt: created,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('Demo customer insert returned no row');
  const downloadId = random.pick(productIds);
  const product = findProduct(downloadId);
  const tier = findTier(downloadId, random.between(1, 2)) ?? findTier(downloadId, 1);
  if (!product || !tier) throw new Error(`No catalogue tier for ${downloadId}`);
  const [payment] = await db
    .insert(payments)
    .values({
      number: `7${String(index).padStart(3, '0')}`,
      userId: user.id,
      email,
      status: 'complete',
      gateway: random.chance(0.7) ? 'stripe' : 'paypalexpress',
      transactionId: `demo_7${String(index).padStart(3, '0')}`,
      purchaseKey: `demo-analytics-${index}-${user.id}`,
      subtotalCents: toCents(tier.price),
      totalCents: toCents(tier.price),
      createdAt: created,
      completedAt: created,
    })
    .returning({ id: payments.id });
  if (!payment) throw new Error('Demo payment insert returned no row');
  await db.insert(paymentItems).values({
    paymentId: payment.id,
    downloadId,
    priceId: tier.priceId,
    name: product.name,
    priceName: tier.name,
    amountCents: toCents(tier.price),
  });
  const expired = random.chance(0.2);
  const [licence] = await db
    .insert(licences)
    .values({
      key: `demo${String(index).padStart(4, '0')}analytics${user.id}`,
      userId: user.id,
      paymentId: payment.id,
      downloadId,
      priceId: tier.priceId,
      status: expired ? 'expired' : 'active',
      activationLimit: null,
      expiresAt: new Date(created.getTime() + 365 * day),
      createdAt: created,
    })
    .returning({ id: licences.id });
  if (!licence) throw new Error('Demo licence insert returned no row');
  const siteCount = random.between(1, 3);
  for (let n = 0; n < siteCount; n += 1) {
    const activatedAt = new Date(created.getTime() + random.between(0, 20) * day);
    const deactivated = random.chance(0.25);
    const [site] = await db
      .insert(sites)
      .values({
        licenceId: licence.id,
        url: `https://${last.toLowerCase()}-${index}-${n}.example`,
        platformVersion: random.pick(platformVersions),
        runtimeVersion: random.pick(phpVersions),
        pluginVersion: random.pick(['2.4.0', '2.4.0', '2.3.1', '2.2.0']),
        language: random.pick(languages),
        activatedAt,
        deactivatedAt: deactivated
          ? new Date(Math.min(now.getTime() - day, activatedAt.getTime() + random.between(5, 90) * day))
          : null,
        deactivationReason: deactivated ? random.pick(reasons) : null,
      })
      .returning({ id: sites.id });
    if (site) {
      await db.insert(siteConfigs).values({
        siteId: site.id,
        multisite: random.chance(0.2),
        server: random.pick(servers),
        reportedAt: now,
      });
    }
  }
}

async function seedMailList(db: Database, now: Date, companyId: number, size: number, seed: number) {
  const random = sequence(seed);
  await db.insert(mailListMembers).values(
    Array.from({ length: size }, (_, index) => {
      const subscribedAt = new Date(now.getTime() - random.between(1, 360) * day);
      const roll = random.between(1, 10);
      const status = roll <= 7 ? 'subscribed' : roll <= 9 ? 'unsubscribed' : 'cleaned';
      return {
        companyId,
        email: `reader${index}@newsletter.example`,
        status,
        subscribedAt,
        leftAt:
          status === 'subscribed'
            ? null
            : new Date(Math.min(now.getTime(), subscribedAt.getTime() + random.between(1, 120) * day)),
      } as const;
    }),
  );
}

/** Seeds the analytics of the two demo company profiles (Acme Agency and Globex Studio). */
export async function seedCompanyAnalytics(
  db: Database,
  now: Date,
  acmeId: number,
  globexId: number,
): Promise<void> {
  await db
    .insert(companyProducts)
    .values([
      ...companyCatalogue.acme.map((downloadId) => ({ companyId: acmeId, downloadId })),
      ...companyCatalogue.globex.map((downloadId) => ({ companyId: globexId, downloadId })),
    ]);
  // Acme is the bigger business: more customers and a longer list, so switching profiles visibly
  // changes every figure.
  // A random password nobody knows: these customers exist for the figures and never sign in.
  const passwordHash = await hashPassword(randomBytes(24).toString('base64url'));
  for (let index = 0; index < analyticsCustomerCount; index += 1) {
    const catalogue = index < acmeCustomers ? companyCatalogue.acme : companyCatalogue.globex;
    await seedCustomerSites(db, now, index, catalogue, passwordHash);
  }
  await seedMailList(db, now, acmeId, 60, 11);
  await seedMailList(db, now, globexId, 25, 23);
}
