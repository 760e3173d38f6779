import { findTier } from '../../shared/catalogue';
import type { AddToCartRequest, CartProduct } from '../../shared/schemas/cart';
import type { UserRow } from '../auth/sessions';
import type { Database } from '../db';
import type { CartLine } from '../db/schema';
import { HttpError, notFound, validationError } from '../http/errors';
import { isExpired } from '../licences/activation';
import { catalogueTier, upgradeCost } from '../licences/upgrades';
import { splitPlanOf } from './pricing';
import { findLicenceByKey, mergeLines } from './repository';
import { offeredInCart } from './upsell-offers';

/** Why a line cannot be added (ours: the spec does not name these answers). */
export const cartLineMessages = {
  unknownProduct: 'This product or price is not available.',
  splitOnly: 'Split payment is only available for the agency lifetime bundle.',
  licenceNotFound: 'No licence found for this key.',
  notRenewable: 'This licence cannot be renewed.',
  renewBundle: 'This licence belongs to a bundle: renew the bundle instead.',
  upgradeUnavailable: 'This upgrade is not available for this licence.',
  upgradeExpired: 'This licence has expired: renew it first, then upgrade it.',
  renewAndUpgrade:
    'A licence cannot be renewed and upgraded in the same order: remove the one in your cart first.',
  licenceMismatch: 'The licence key does not belong to this product.',
  noSuchLine: 'There is no cart item at this position.',
  offerOnly: 'This product is only available as a special offer.',
} as const;

/** Upsell-only products come only with their offer's coupon, beside the line the offer is made for. */
function refuseOutsideOffer(
  added: readonly CartLine[],
  lines: readonly CartLine[],
  coupon: string | undefined,
) {
  const line = added.find((one) => !offeredInCart(one, lines, coupon));
  if (line) throw validationError({ download_id: cartLineMessages.offerOnly });
}

/**
 * A licence named by key. A signed-in user may only use their own (another account's key is "not
 * found"); a visitor holds the key itself as the proof, as a renewal link e-mailed to the buyer does.
 */
async function licenceFor(db: Database, user: UserRow | null, key: string, downloadId: number) {
  const licence = await findLicenceByKey(db, key);
  if (!licence || (user && licence.userId !== user.id)) throw notFound(cartLineMessages.licenceNotFound);
  if (licence.downloadId !== downloadId) throw validationError({ license: cartLineMessages.licenceMismatch });
  return licence;
}

async function renewalLine(
  db: Database,
  user: UserRow | null,
  key: string,
  downloadId: number,
): Promise<CartLine> {
  const licence = await licenceFor(db, user, key, downloadId);
  if (licence.parentLicenceId !== null) throw validationError({ license: cartLineMessages.renewBundle });
  // A lifetime licence never expires, nor does an instalment plan's once paid (its licence runs to the
  // date paid through meanwhile), and a refunded (disabled) one is gone: none can be renewed.
  const tier = findTier(licence.downloadId, licence.priceId);
  if (licence.expiresAt === null || tier?.period === 'lifetime' || licence.status === 'disabled') {
    throw validationError({ license: cartLineMessages.notRenewable });
  }
  return { kind: 'renewal', downloadId: licence.downloadId, priceId: licence.priceId, licenceId: licence.id };
}

async function upgradeLine(
  db: Database,
  user: UserRow | null,
  key: string,
  downloadId: number,
  priceId: number,
): Promise<CartLine> {
  const licence = await licenceFor(db, user, key, downloadId);
  const now = new Date();
  if (licence.parentLicenceId === null && isExpired(licence, now)) {
    throw validationError({ license: cartLineMessages.upgradeExpired });
  }
  // Refused exactly where GET /upgrades offers nothing: the same function decides both.
  const current = findTier(licence.downloadId, licence.priceId);
  const target = findTier(licence.downloadId, priceId);
  const cost = upgradeCost(licence, current && catalogueTier(current), target && catalogueTier(target), now);
  if (cost === null) throw validationError({ price_id: cartLineMessages.upgradeUnavailable });
  return { kind: 'upgrade', downloadId, priceId, licenceId: licence.id };
}

function newLine(downloadId: number, priceId: number, splitPayment: boolean): CartLine {
  const split = splitPlanOf(downloadId, priceId);
  if (split && !splitPayment) throw validationError({ splitPayment: cartLineMessages.splitOnly });
  if (splitPayment && !split) throw validationError({ splitPayment: cartLineMessages.splitOnly });
  if (!split && !findTier(downloadId, priceId))
    throw validationError({ price_id: cartLineMessages.unknownProduct });
  return { kind: 'new', downloadId, priceId };
}

async function productLine(db: Database, user: UserRow | null, product: CartProduct): Promise<CartLine> {
  return product.license
    ? renewalLine(db, user, product.license, product.download_id)
    : newLine(product.download_id, product.price_id, false);
}

/**
 * A licence is either renewed or upgraded in one order, not both: each prices the licence's term as it
 * stands, and together they would pay for one year twice.
 */
function refuseRenewalWithUpgrade(lines: readonly CartLine[]): void {
  const kinds = new Map<number, CartLine['kind']>();
  for (const line of lines) {
    if (line.licenceId === undefined) continue;
    const other = kinds.get(line.licenceId);
    if (other && other !== line.kind)
      throw new HttpError(409, 'cart_conflict', cartLineMessages.renewAndUpgrade);
    kinds.set(line.licenceId, line.kind);
  }
}

export interface CartChange {
  lines: CartLine[];
  /** `undefined`: keep the cart's coupon; a string: apply it (if it fits); null: remove it. */
  coupon: string | null | undefined;
}

/** Applies one `POST /add-to-cart` body (any of its three forms) to the current lines. */
export async function applyAddToCart(
  db: Database,
  user: UserRow | null,
  current: readonly CartLine[],
  body: AddToCartRequest,
): Promise<CartChange> {
  if ('index' in body) {
    if (body.index >= current.length) throw validationError({ index: cartLineMessages.noSuchLine });
    return { lines: current.filter((_, index) => index !== body.index), coupon: undefined };
  }
  if ('products' in body) {
    const added: CartLine[] = [];
    for (const product of body.products) added.push(await productLine(db, user, product));
    const base = body.action === 'replace' ? [] : current;
    const lines = mergeLines(base, added);
    refuseRenewalWithUpgrade(lines);
    refuseOutsideOffer(added, lines, body.coupon);
    return {
      lines,
      coupon: body.coupon ? body.coupon : body.action === 'replace' ? null : undefined,
    };
  }
  const coupon = body.coupon ? body.coupon : undefined;
  if (body.action === 'renew' || body.action === 'upgrade') {
    if (!body.license) throw validationError({ license: cartLineMessages.licenceNotFound });
    const line =
      body.action === 'renew'
        ? await renewalLine(db, user, body.license, body.download_id)
        : await upgradeLine(db, user, body.license, body.download_id, body.price_id);
    // One line per licence: a new upgrade replaces a pending upgrade of the same licence.
    const lines = [...current.filter((l) => l.licenceId !== line.licenceId || l.kind !== line.kind), line];
    refuseRenewalWithUpgrade(lines);
    return { lines, coupon };
  }
  const line = newLine(body.download_id, body.price_id, body.splitPayment);
  const lines = mergeLines(current, [line]);
  refuseOutsideOffer([line], lines, body.coupon);
  return { lines, coupon };
}

/** The lines a recovery link's `contents` names (`[{id, price_id}]`); anything malformed is skipped. */
export function linesFromContents(contents: string): CartLine[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(contents);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const lines: CartLine[] = [];
  for (const item of parsed.slice(0, 20)) {
    const downloadId = Number((item as { id?: unknown })?.id);
    const priceId = Number((item as { price_id?: unknown })?.price_id ?? 1);
    if (!Number.isInteger(downloadId) || !Number.isInteger(priceId)) continue;
    if (findTier(downloadId, priceId)) lines.push({ kind: 'new', downloadId, priceId });
    else if (splitPlanOf(downloadId, priceId)) lines.push({ kind: 'new', downloadId, priceId });
  }
  return mergeLines([], lines);
}
