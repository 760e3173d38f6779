import { Hono } from 'hono';
import { licenceFailures } from '../../shared/api/messages';
import {
  ProductsQuerySchema,
  SiteRequestSchema,
  UpgradesQuerySchema,
} from '../../shared/schemas/licence-requests';
import type { License, Product, Upgrade } from '../../shared/schemas/licences';
import { requireUser } from '../auth/middleware';
import { downloadItems } from '../downloads/items';
import { downloadSecret } from '../downloads/secret';
import type { AppEnv } from '../http/app-env';
import { HttpError, notFound, validationError } from '../http/errors';
import { readJson, readQuery } from '../http/validate';
import { nonProductionPerProduction } from '../licences/activation';
import { publicOriginOf, upgradeLink } from '../licences/links';
import { type LicenceRecord, ownedLicence, productRecords, toLicense } from '../licences/records';
import { addSite, removeSite } from '../licences/sites';
import { upgradesFor } from '../licences/upgrades';

const noLicence = () => notFound('No such license.');

/** Why an activation was refused, as the add-site call answers it. */
const refusals = {
  invalid_url: () => validationError({ url: 'Please enter a valid site URL.' }),
  expired: () => new HttpError(409, 'license_expired', licenceFailures.expired),
  not_active: () => new HttpError(409, 'license_not_active', licenceFailures.notActive),
  limit_reached: () =>
    new HttpError(
      409,
      'activation_limit_reached',
      'This license has reached its activation limit. Deactivate a site or upgrade the license.',
    ),
  staging_limit_reached: () =>
    new HttpError(
      409,
      'staging_limit_reached',
      `Staging and local sites are free, up to ${nonProductionPerProduction} per production site. Deactivate one to add another.`,
    ),
} as const;

/**
 * My Products, sites and upgrades (spec §7 "Purchases, sites, products"). Every call is the signed-in
 * user's own: a purchase or licence of anyone else answers 404, exactly like one that does not exist.
 */
export function licenceRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  /** `GET /products {page, per_page}`: 20 per page, `X-WP-Total`, newest purchase first. */
  app.get('/products', async (c) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const query = readQuery(c, ProductsQuerySchema);
    const now = new Date();
    const origin = publicOriginOf(c);
    const { total, records, children } = await productRecords(db, user.id, {
      page: query.page,
      perPage: query.per_page,
    });
    const links = { secret: await downloadSecret(db), origin, now };
    const body: Product[] = records.map((record) => {
      const license = toLicense(record, origin, now);
      const nested = children.get(record.licence.id);
      return {
        ID: record.licence.downloadId,
        payment_id: record.licence.paymentId,
        name: record.productName,
        icon: '',
        price_name: record.priceName,
        price_id: record.licence.priceId,
        is_bundle: record.kind === 'bundle',
        license,
        // A bundle's row lists the bundled products (the bundle-download modal); others their one file.
        downloads: downloadItems(nested ?? [record], links),
        has_upgrades: license.has_upgrades,
      };
    });
    c.header('X-WP-Total', String(total));
    c.header('X-WP-TotalPages', String(Math.ceil(total / query.per_page)));
    return c.json(body);
  });

  /** `POST /site {payment_id, type, url, license_id}`: answers the licence with its sites as they now are. */
  app.post('/site', async (c) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const request = await readJson(c, SiteRequestSchema);
    const change = {
      userId: user.id,
      paymentId: request.payment_id,
      licenceId: request.license_id,
      url: request.url,
    };
    const now = new Date();
    let record: LicenceRecord | null;
    if (request.type === 'add') {
      const added = await addSite(db, change, now);
      if (added.outcome === 'not_found') throw noLicence();
      if (added.outcome !== 'added' && added.outcome !== 'already_active') throw refusals[added.outcome]();
      record = added.record;
    } else {
      const removed = await removeSite(db, change, now);
      if (removed.outcome === 'not_found') throw noLicence();
      if (removed.outcome === 'site_not_found') throw notFound('This site is not active on this license.');
      record = removed.record;
    }
    if (!record) throw noLicence();
    const license: License = toLicense(record, publicOriginOf(c), now);
    return c.json(license);
  });

  /** `GET /upgrades {license_id}`: name, prorated cost in dollars and a checkout link per upgrade. */
  app.get('/upgrades', async (c) => {
    const user = requireUser(c);
    const { license_id } = readQuery(c, UpgradesQuerySchema);
    const record = await ownedLicence(c.get('deps').db, user.id, license_id);
    if (!record) throw noLicence();
    const origin = publicOriginOf(c);
    const body: Upgrade[] = upgradesFor(record.licence, new Date()).map((offer) => ({
      name: offer.name,
      cost: offer.costCents / 100,
      link: upgradeLink(origin, record.licence.key, offer.downloadId, offer.priceId),
      download_id: offer.downloadId,
      price_id: offer.priceId,
    }));
    return c.json(body);
  });

  return app;
}
