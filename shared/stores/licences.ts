import { map } from 'nanostores';
import { isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import {
  type License,
  LicenseSchema,
  type Product,
  ProductListSchema,
  type PurchaseLicenses,
  PurchaseLicensesSchema,
} from '../schemas/licences';
import type { LoadState } from './load-state';

/** My Products shows 20 per page (spec §9); the dashboard passes its own `limit` of 3. */
export const PRODUCTS_PER_PAGE = 20;

export interface ProductsState {
  state: LoadState;
  products: Product[];
  page: number;
  /** `X-WP-Total`: every product across pages. */
  total: number;
  error: string | null;
}

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

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

function createProductsStore(api: ApiClient, perPage: number) {
  const $products = map<ProductsState>({ state: 'idle', products: [], page: 1, total: 0, error: null });

  async function loadPage(page: number): Promise<void> {
    $products.set({ ...$products.get(), state: 'loading', page, error: null });
    try {
      const { data, meta } = await api.get('/products', ProductListSchema, { page, per_page: perPage });
      $products.set({ state: 'ready', products: data, page, total: meta.total ?? data.length, error: null });
    } catch (error) {
      $products.set({ ...$products.get(), state: 'error', error: message(error) });
    }
  }

  return {
    $products,
    perPage,
    /** Loads the first page once; later calls while loaded or loading do nothing. */
    load: () => ($products.get().state === 'idle' ? loadPage(1) : Promise.resolve()),
    loadPage,
    /** Puts a changed licence (new site count) into the rows that show it. */
    applyLicense(license: License) {
      const state = $products.get();
      if (!state.products.some((p) => p.license.license_id === license.license_id)) return;
      const products = state.products.map((p) =>
        p.license.license_id === license.license_id ? { ...p, license } : p,
      );
      $products.set({ ...state, products });
    },
  };
}

function createPurchaseStore(
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
      else $purchase.set({ state: 'error', purchase: null, error: message(error) });
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

export type ProductsStore = ReturnType<typeof createProductsStore>;
export type PurchaseStore = ReturnType<typeof createPurchaseStore>;

/** The licence stores of one API: product pages by page size, purchases by payment id. */
export function createLicenceStores(api: ApiClient) {
  const products = new Map<number, ProductsStore>();
  const purchases = new Map<number, PurchaseStore>();
  const applyLicense = (license: License) => {
    for (const store of products.values()) store.applyLicense(license);
  };
  return {
    products(perPage: number = PRODUCTS_PER_PAGE): ProductsStore {
      let store = products.get(perPage);
      if (!store) {
        store = createProductsStore(api, perPage);
        products.set(perPage, store);
      }
      return store;
    },
    purchase(paymentId: number): PurchaseStore {
      let store = purchases.get(paymentId);
      if (!store) {
        store = createPurchaseStore(api, paymentId, applyLicense);
        purchases.set(paymentId, store);
      }
      return store;
    },
  };
}

export type LicenceStores = ReturnType<typeof createLicenceStores>;

const byApi = new Map<string, LicenceStores>();

/** One set of licence stores per API on a page: two elements showing one purchase share its data. */
export function licenceStoresFor(api: ApiClient): LicenceStores {
  let stores = byApi.get(api.baseURL);
  if (!stores) {
    stores = createLicenceStores(api);
    byApi.set(api.baseURL, stores);
  }
  return stores;
}
