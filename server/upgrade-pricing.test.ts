import { and, eq, isNull } from 'drizzle-orm';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadIds, findProduct } from '../shared/catalogue';
import { UpgradeListSchema } from '../shared/schemas/licences';
import { createSession } from './auth/sessions';
import { cartLineMessages } from './cart/actions';
import { licences, subscriptions, users } from './db/schema';
import { createTestApp, signIn, type TestApp } from './test-support/app';
import { buyer } from './test-support/purchase';

/*
 * Issue 23: upgrades were priced one way in GET /upgrades (prorated) and another in the cart (the new
 * tier less the full current price), an expired licence was advertised at full price and charged less,
 * and a bundle's child licence, offered no upgrade, was accepted by the cart.
 */

let t: TestApp;
let shop: ReturnType<typeof buyer>;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://portal.example.com' });
  shop = buyer(t);
});
afterAll(() => t.close());

/** A session of any seeded user (the report customers have no published password). */
async function sessionOf(userId: number): Promise<string> {
  const { token } = await createSession(t.handle.db, t.config.session, userId, {
    ip: '127.0.0.1',
    userAgent: null,
  });
  return token;
}

async function customerLicence(downloadId: number) {
  const [row] = await t.handle.db
    .select({ licence: licences })
    .from(licences)
    .innerJoin(users, eq(users.id, licences.userId))
    .where(
      and(
        eq(users.email, 'customer@example.com'),
        eq(licences.downloadId, downloadId),
        isNull(licences.parentLicenceId),
      ),
    );
  if (!row) throw new Error('seed changed');
  return row.licence;
}

const customerSession = () => signIn(t.app, 'customer@example.com', 'Customer#2026');

describe('the cart charges what GET /upgrades advertises', () => {
  it('for every licence and tier of the seed, the cart’s upgrade price equals the advertised cost', async () => {
    const seeded = await t.handle.db.select().from(licences);
    expect(seeded.length).toBeGreaterThan(10);
    const sessions = new Map<number, string>();
    let offered = 0;
    let refused = 0;
    for (const licence of seeded) {
      const session = sessions.get(licence.userId) ?? (await sessionOf(licence.userId));
      sessions.set(licence.userId, session);
      const response = await shop.get(`/upgrades?license_id=${licence.id}`, { session });
      expect(response.status).toBe(200);
      const advertised = v.parse(UpgradeListSchema, await response.json());
      for (const tier of findProduct(licence.downloadId)?.tiers ?? []) {
        const body = {
          action: 'upgrade',
          license: licence.key,
          download_id: licence.downloadId,
          price_id: tier.priceId,
        };
        const offer = advertised.find((u) => u.price_id === tier.priceId);
        // A fresh guest cart each time: the key is the visitor's proof, as in a mailed link.
        const added = await shop.call('/add-to-cart', body);
        const label = `licence ${licence.id} (${licence.downloadId}/${licence.priceId}) → tier ${tier.priceId}`;
        if (offer) {
          expect(added.status, label).toBe(200);
          const cart = (await added.json()) as { details: { item_price: number }[]; total: number };
          expect(
            cart.details.map((d) => d.item_price),
            label,
          ).toEqual([offer.cost]);
          expect(cart.total, label).toBe(offer.cost);
          offered += 1;
        } else {
          expect(added.status, label).toBeGreaterThanOrEqual(400);
          refused += 1;
        }
      }
    }
    // The seed has both kinds: active yearly licences with upgrades, an expired one, bundle children.
    expect(offered).toBeGreaterThan(2);
    expect(refused).toBeGreaterThan(10);
  });

  it('refuses a bundle’s child licence, and says why an expired licence is refused', async () => {
    const expiredBlocks = await customerLicence(downloadIds.blocks);
    const children = await t.handle.db
      .select()
      .from(licences)
      .where(eq(licences.downloadId, downloadIds.addons));
    const bundled = children.find((l) => l.parentLicenceId !== null);
    if (!bundled) throw new Error('seed changed');
    const childUpgrade = await shop.call('/add-to-cart', {
      action: 'upgrade',
      license: bundled.key,
      download_id: downloadIds.addons,
      price_id: 4,
    });
    expect(childUpgrade.status).toBe(400);
    const expired = await shop.call('/add-to-cart', {
      action: 'upgrade',
      license: expiredBlocks.key,
      download_id: downloadIds.blocks,
      price_id: 2,
    });
    expect(((await expired.json()) as { message: string }).message).toBe(cartLineMessages.upgradeExpired);
  });

  it('will not hold an upgrade and a renewal of the same licence in one cart', async () => {
    const session = await customerSession();
    const addons = await customerLicence(downloadIds.addons);
    const renewal = { action: 'renew', license: addons.key, download_id: downloadIds.addons, price_id: 1 };
    const upgrade = { action: 'upgrade', license: addons.key, download_id: downloadIds.addons, price_id: 3 };
    await shop.addToCart(renewal, { session });
    const both = await shop.call('/add-to-cart', upgrade, { session });
    expect(both.status).toBe(409);
    expect(((await both.json()) as { message: string }).message).toBe(cartLineMessages.renewAndUpgrade);
    // The other way round, and through the several-products form, too.
    await shop.addToCart({ action: 'remove', index: 0 }, { session });
    await shop.addToCart(upgrade, { session });
    expect((await shop.call('/add-to-cart', renewal, { session })).status).toBe(409);
    const many = await shop.call(
      '/add-to-cart',
      { action: 'add', products: [{ download_id: downloadIds.addons, license: addons.key }] },
      { session },
    );
    expect(many.status).toBe(409);
    const cart = await shop.addToCart({ action: 'remove', index: 0 }, { session });
    expect(cart.details).toEqual([]);
  });
});

describe('an upgrade bought', () => {
  it('charges the advertised cost, moves the bundle and its children to lifetime and ends the old subscription', async () => {
    const session = await customerSession();
    const bundle = await customerLicence(downloadIds.agencyBundle);
    const offers = v.parse(
      UpgradeListSchema,
      await (await shop.get(`/upgrades?license_id=${bundle.id}`, { session })).json(),
    );
    const lifetime = offers.find((o) => o.price_id === 2);
    if (!lifetime) throw new Error('no lifetime upgrade offered');
    await shop.addToCart(
      { action: 'upgrade', license: bundle.key, download_id: downloadIds.agencyBundle, price_id: 2 },
      { session },
    );
    const info = await shop.pay({ session }, 'customer@example.com');
    expect(info.total).toBe(lifetime.cost);
    expect(info.licenses.map((l) => l.license_key)).toEqual([bundle.key]);
    // A lifetime tier has nothing to renew: no subscription shown or started.
    expect(info.subscriptions).toEqual([]);

    const family = await t.handle.db.select().from(licences).where(eq(licences.parentLicenceId, bundle.id));
    const [upgraded] = await t.handle.db.select().from(licences).where(eq(licences.id, bundle.id));
    expect(upgraded).toMatchObject({ priceId: 2, expiresAt: null });
    expect(family.length).toBeGreaterThan(0);
    expect(family.every((l) => l.expiresAt === null && l.priceId === 2)).toBe(true);
    const subs = await t.handle.db.select().from(subscriptions).where(eq(subscriptions.licenceId, bundle.id));
    expect(subs.map((s) => s.status)).toEqual(['expired']);
  });
});
