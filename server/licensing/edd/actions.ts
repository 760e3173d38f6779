import type { Database } from '../../db';
import { type KeyLicence, licenceForKey } from '../../licences/key-licence';
import { siteKey } from '../../licences/site-url';
import { recordSiteVersions } from '../../licences/site-versions';
import { addSite, removeSite, type SiteChange } from '../../licences/sites';
import { findItem, type Item } from '../items';
import { checkedState, type EddAnswer, type EddError, licenceAnswer, refusal } from './answers';
import type { EddRequest } from './request';

/** Why the plugin-side removal of a site happened, when its user gave no reason. */
const pluginRemoval = 'Deactivated from the site';

type Found = { found: KeyLicence; item: Item } | { refused: EddError; item?: Item };

/**
 * The licence the request's key stands for on the request's item. Every refusal here is the same
 * whether the key is unknown or a key of another item: answers never tell which keys exist.
 */
async function licenceOfRequest(db: Database, request: EddRequest): Promise<Found> {
  if (!request.license) return { refused: 'missing' };
  const lookup = await findItem(db, request);
  if (lookup.outcome !== 'found') return { refused: lookup.outcome };
  const found = await licenceForKey(db, request.license, lookup.item.downloadId);
  return found ? { found, item: lookup.item } : { refused: 'missing', item: lookup.item };
}

function changeOf(found: KeyLicence, url: string, reason?: string): SiteChange {
  const { licence } = found;
  return {
    userId: licence.userId,
    paymentId: licence.paymentId,
    licenceId: licence.id,
    url,
    ...(reason !== undefined && { reason }),
  };
}

/** A bundle's own licence covers its products through their child licences; it is never activated. */
const isBundle = (found: KeyLicence) => found.productKind === 'bundle';

/** `activate_license`: the portal's rules (sites.ts), so the portal lists the site and can remove it. */
export async function activateLicense(db: Database, request: EddRequest, now: Date): Promise<EddAnswer> {
  const lookup = await licenceOfRequest(db, request);
  if ('refused' in lookup) return refusal('invalid', lookup.refused, lookup.item);
  const { found, item } = lookup;
  const refuse = (error: EddError) => licenceAnswer(found, item, 'invalid', { success: false, error });
  if (!request.url) return refuse('missing_url');
  if (isBundle(found)) return refuse('license_not_activable');
  const added = await addSite(db, changeOf(found, request.url), now);
  switch (added.outcome) {
    case 'added':
    case 'already_active':
      await recordSiteVersions(db, found.licence.id, request.url, request.versions);
      return licenceAnswer(found, item, 'valid', { success: true, sites: added.record?.sites ?? [] });
    case 'invalid_url':
      return refuse('missing_url');
    case 'expired':
      return refuse('expired');
    case 'not_active':
      return refuse(found.licence.status === 'disabled' ? 'disabled' : 'license_not_activable');
    case 'limit_reached':
    case 'staging_limit_reached':
      return refuse('no_activations_left');
    case 'not_found':
      return refusal('invalid', 'missing', item);
  }
}

/** `deactivate_license`: frees the site, keeping it (with the reason) for the reports. */
export async function deactivateLicense(db: Database, request: EddRequest, now: Date): Promise<EddAnswer> {
  const lookup = await licenceOfRequest(db, request);
  if ('refused' in lookup) return refusal('failed', lookup.refused, lookup.item);
  const { found, item } = lookup;
  const fail = (error?: EddError) =>
    licenceAnswer(found, item, 'failed', { success: false, ...(error && { error }) });
  if (!request.url) return fail('missing_url');
  if (isBundle(found)) return fail('license_not_activable');
  const removed = await removeSite(db, changeOf(found, request.url, request.reason ?? pluginRemoval), now);
  if (removed.outcome !== 'removed') return fail();
  return licenceAnswer(found, item, 'deactivated', { success: true, sites: removed.record?.sites ?? [] });
}

/** `check_license`: the licence's state on the site; the versions the site sends are kept. */
export async function checkLicense(db: Database, request: EddRequest, now: Date): Promise<EddAnswer> {
  const lookup = await licenceOfRequest(db, request);
  if ('refused' in lookup) return refusal('invalid', lookup.refused, lookup.item);
  const { found, item } = lookup;
  const key = request.url ? siteKey(request.url) : null;
  const site = key === null ? undefined : found.sites.find((active) => siteKey(active.url) === key);
  const state = checkedState(found, site !== undefined, now);
  if (site && request.url) {
    await recordSiteVersions(db, found.licence.id, request.url, request.versions, site);
  }
  return licenceAnswer(found, item, state, { success: state === 'valid' });
}
