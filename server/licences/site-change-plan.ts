import type { SiteKind } from '../../shared/licences/site-kind';
import { type ActivationRefusal, kindOfNewSite, refuseActivation } from './activation';
import type { LicenceRecord, LicenceRow } from './records';
import { siteKey } from './site-url';

/** An active site as a change reads it: the id and activation time order the sites and guard the write. */
export interface ActiveSiteRow {
  id: number;
  url: string;
  kind: SiteKind;
  activatedAt: Date;
}

/** A licence as a site change reads it: what the answer shows, and its active sites oldest first. */
export interface LicenceSites {
  licence: LicenceRow;
  productName: string;
  kind: string;
  priceName: string | null;
  stagingSitesFree: boolean | null;
  active: ActiveSiteRow[];
}

/** A site to add: its normalised URL and the kind it is stored with. */
export interface NewSite {
  url: string;
  kind: SiteKind;
}

export type AddPlan = { outcome: 'already_active' | ActivationRefusal } | { outcome: 'add'; site: NewSite };

export type RemovePlan = { outcome: 'site_not_found' } | { outcome: 'remove'; siteIds: number[] };

/** Whether and how a site may be added (the rules of activation.ts); `url` is already normalised. */
export function planAdd(state: LicenceSites, url: string, key: string, now: Date): AddPlan {
  if (state.active.some((site) => siteKey(site.url) === key)) return { outcome: 'already_active' };
  // The tier's switch for free staging sites is on when the tier is gone (the column's default).
  const kind = kindOfNewSite(url, state.stagingSitesFree ?? true);
  const refusal = refuseActivation(state.licence, state.active, kind, now);
  return refusal ? { outcome: refusal } : { outcome: 'add', site: { url, kind } };
}

/** The active sites a removal deactivates: every one matching the URL by siteKey. */
export function planRemove(state: LicenceSites, key: string | null): RemovePlan {
  const siteIds = state.active.filter((site) => siteKey(site.url) === key).map((site) => site.id);
  return key === null || siteIds.length === 0
    ? { outcome: 'site_not_found' }
    : { outcome: 'remove', siteIds };
}

/** The licence as read, for an answer that changed nothing. */
export function recordOf(state: LicenceSites, active = state.active): LicenceRecord {
  return {
    licence: state.licence,
    productName: state.productName,
    kind: state.kind,
    priceName: state.priceName ?? '',
    stagingSitesFree: state.stagingSitesFree,
    sites: active.map(({ url, kind }) => ({ url, kind })),
  };
}

/**
 * The licence after adding `site` at `now`, in the order the sites are read back (activated_at, then id;
 * the new row has the highest id): `now` is the latest activation unless a request that started later
 * wrote first. A fresh licence is 'inactive' until its first site.
 */
export function recordAfterAdd(state: LicenceSites, site: NewSite, now: Date): LicenceRecord {
  const added: ActiveSiteRow = { id: Number.MAX_SAFE_INTEGER, ...site, activatedAt: now };
  const earlier = state.active.filter((row) => row.activatedAt <= now);
  const later = state.active.filter((row) => row.activatedAt > now);
  const status = state.licence.status === 'inactive' ? 'active' : state.licence.status;
  return recordOf({ ...state, licence: { ...state.licence, status } }, [...earlier, added, ...later]);
}

/** The licence after deactivating `siteIds`. */
export function recordAfterRemove(state: LicenceSites, siteIds: readonly number[]): LicenceRecord {
  return recordOf(
    state,
    state.active.filter((site) => !siteIds.includes(site.id)),
  );
}
