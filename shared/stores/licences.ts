import { map } from 'nanostores';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import { type License, type Product, ProductListSchema } from '../schemas/licences';
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

function createProductsStore(api: ApiClient, perPage: number) {
  const $products = map<ProductsState>({ state: 'idle', products: [], page: 1, total: 0, error: null });

  async function loadPage(page: number): Promise<void> {
    $products.set({ ...$products.get(), state: 'loading', page, error: null });
    try {
      const { data, meta } = await api.get('/products', ProductListSchema, { page, per_page: perPage });
      $products.set({ state: 'ready', products: data, page, total: meta.total ?? data.length, error: null });
    } catch (error) {
      $products.set({ ...$products.get(), state: 'error', error: loadFailureText(error) });
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

export type ProductsStore = ReturnType<typeof createProductsStore>;

/**
 * The product pages of one API, by page size, and `applyLicense`, which puts a licence changed elsewhere
 * (Manage Sites: stores/licence-purchases.ts) into every page that shows it.
 */
export function createLicenceStores(api: ApiClient) {
  const products = new Map<number, ProductsStore>();
  return {
    products(perPage: number = PRODUCTS_PER_PAGE): ProductsStore {
      let store = products.get(perPage);
      if (!store) {
        store = createProductsStore(api, perPage);
        products.set(perPage, store);
      }
      return store;
    },
    applyLicense(license: License): void {
      for (const store of products.values()) store.applyLicense(license);
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
