import { createHash } from 'node:crypto';
import { activationCount, effectiveStatus } from '../../licences/activation';
import type { KeyLicence } from '../../licences/key-licence';
import type { Item } from '../items';

/**
 * The answers of EDD Software Licensing's remote API, in its documented shapes: plugins written for EDD
 * read `success`, `license` and `error` and show `expires` and the counts, so names and value types
 * follow EDD (a limit of 0 and `activations_left: "unlimited"` for an unlimited licence, `expires` as
 * `Y-m-d H:i:s` or `"lifetime"`, `price_id` as text).
 */

export type EddLicenseValue =
  | 'valid'
  | 'invalid'
  | 'deactivated'
  | 'failed'
  | 'inactive'
  | 'site_inactive'
  | 'expired'
  | 'disabled';

export type EddError =
  | 'missing'
  | 'missing_url'
  | 'license_not_activable'
  | 'disabled'
  | 'no_activations_left'
  | 'expired'
  | 'key_mismatch'
  | 'invalid_item_id'
  | 'item_name_mismatch'
  /** Ours: a version, locale or reason that is not one (400). */
  | 'invalid_telemetry';

export type EddAnswer = Record<string, string | number | boolean>;

/** `Y-m-d H:i:s` in UTC, as EDD formats an expiration. */
function eddDate(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

/** A fingerprint of the answer's licence facts (EDD sends one; clients may compare it between calls). */
function checksum(parts: readonly (string | number)[]): string {
  return createHash('md5').update(parts.join('|')).digest('hex');
}

/** The licence facts every answer about a found licence carries. */
function licenceFields(
  found: KeyLicence,
  item: Item,
  siteCount: number,
  license: EddLicenseValue,
): EddAnswer {
  const { licence } = found;
  const limit = licence.activationLimit;
  const expires = licence.expiresAt === null ? 'lifetime' : eddDate(licence.expiresAt);
  return {
    license,
    item_id: item.downloadId,
    item_name: item.name,
    license_limit: limit ?? 0,
    site_count: siteCount,
    expires,
    activations_left: limit === null ? 'unlimited' : Math.max(0, limit - siteCount),
    checksum: checksum([license, licence.key, expires, limit ?? 0, siteCount]),
    payment_id: licence.paymentId,
    customer_name: found.customerName,
    customer_email: found.customerEmail,
    price_id: String(licence.priceId),
  };
}

/** An answer about a licence that was found: its facts, `success`, and the error when refused. */
export function licenceAnswer(
  found: KeyLicence,
  item: Item,
  license: EddLicenseValue,
  options: {
    success: boolean;
    error?: EddError;
    sites?: readonly { kind: KeyLicence['sites'][number]['kind'] }[];
  },
): EddAnswer {
  const siteCount = activationCount(options.sites ?? found.sites);
  return {
    success: options.success,
    ...licenceFields(found, item, siteCount, license),
    ...(options.error && { error: options.error }),
  };
}

/**
 * A refusal that names no licence: nothing about a key is told unless the key is valid for the item,
 * so an unknown key and another item's key get this same answer.
 */
export function refusal(license: 'invalid' | 'failed', error: EddError, item?: Item): EddAnswer {
  return {
    success: false,
    license,
    item_id: item?.downloadId ?? false,
    item_name: item?.name ?? '',
    error,
  };
}

/** The state `check_license` reports for a licence on a site (EDD's values). */
export function checkedState(found: KeyLicence, siteActive: boolean, now: Date): EddLicenseValue {
  const status = effectiveStatus(found.licence, now);
  if (status === 'disabled') return 'disabled';
  if (status === 'expired') return 'expired';
  // A licence of a purchase not (yet) paid for, or in any other state that cannot be used.
  if (status !== 'active' && status !== 'inactive') return 'invalid';
  if (siteActive) return 'valid';
  return found.sites.length === 0 ? 'inactive' : 'site_inactive';
}
