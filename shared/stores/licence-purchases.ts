import { map } from 'nanostores';
import { isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import {
  type License,
  LicenseSchema,
  type PurchaseLicenses,
  PurchaseLicensesSchema,
} from '../schemas/licences';
import { licenceStoresFor } from './licences';
import type { LoadState } from './load-state';

export interface PurchaseState {
  state: LoadState;
  purchase: PurchaseLicenses | null;
  error: string | null;
}

/** A site change in flight, so the view can mark the right button busy and refuse a double submit. */
export interface SiteChange {
  licenseId: number;
  type: 'add' | 'remove';
  url: string;
}

export function createPurchaseStore(
  api: ApiClient,
  paymentId: number,
  onLicenseChanged: (license: License) => void,
) {
  const $purchase = map<PurchaseState>({ state: 'idle', purchase: null, error: null });
  const $pending = map<{ change: SiteChange | null }>({ change: null });

  async function reload(): Promise<void> {
    $purchase.set({ ...$purchase.get(), state: 'loading', error: null });
    try {
      const { data } = await api.get('/history', PurchaseLicensesSchema, { payment_id: paymentId });
      $purchase.set({ state: 'ready', purchase: data, error: null });
    } catch (error) {
      // An unknown purchase (or someone else's: the server answers both 404) simply has no licences.
      if (isApiError(error) && error.httpStatus === 404)
        $purchase.set({ state: 'ready', purchase: null, error: null });
      else $purchase.set({ state: 'error', purchase: null, error: loadFailureText(error) });
    }
  }

  function replaceLicense(license: License): void {
    const { purchase } = $purchase.get();
    if (purchase) {
      const licenses = purchase.licenses.map((l) => (l.license_id === license.license_id ? license : l));
      $purchase.set({ state: 'ready', purchase: { ...purchase, licenses }, error: null });
    }
    onLicenseChanged(license);
  }

  /**
   * `POST /site`; resolves with the updated licence, or rejects with the server's reason (limit reached,
   * expired…). A second change while one is in flight is refused rather than sent.
   */
  async function changeSite(change: SiteChange): Promise<License> {
    if ($pending.get().change) throw new Error('A site change is already in progress.');
    $pending.set({ change });
    try {
      const { data } = await api.post('/site', LicenseSchema, {
        payment_id: paymentId,
        license_id: change.licenseId,
        type: change.type,
        url: change.url,
      });
      replaceLicense(data);
      return data;
    } finally {
      $pending.set({ change: null });
    }
  }

  return {
    $purchase,
    $pending,
    load: () => ($purchase.get().state === 'idle' ? reload() : Promise.resolve()),
    reload,
    addSite: (licenseId: number, url: string) => changeSite({ licenseId, type: 'add', url }),
    removeSite: (licenseId: number, url: string) => changeSite({ licenseId, type: 'remove', url }),
  };
}

export type PurchaseStore = ReturnType<typeof createPurchaseStore>;

const byApi = new Map<string, Map<number, PurchaseStore>>();

/**
 * One store per purchase and API on a page (two views of one purchase share its data); a site change
 * also updates the product pages of the same API. Loaded with the views that manage a purchase.
 */
export function purchaseStoreFor(api: ApiClient, paymentId: number): PurchaseStore {
  let purchases = byApi.get(api.baseURL);
  if (!purchases) {
    purchases = new Map();
    byApi.set(api.baseURL, purchases);
  }
  let store = purchases.get(paymentId);
  if (!store) {
    store = createPurchaseStore(api, paymentId, licenceStoresFor(api).applyLicense);
    purchases.set(paymentId, store);
  }
  return store;
}
