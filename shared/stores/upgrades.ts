import { map } from 'nanostores';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import { checkoutFailures } from '../api/messages/checkout-failures';
import { type Upgrade, UpgradeListSchema } from '../schemas/licences';
import type { LoadState } from './load-state';

export interface UpgradesState {
  state: LoadState;
  upgrades: Upgrade[];
  error: string | null;
}

export type UpgradesStore = ReturnType<typeof createUpgradesStore>;

/** The upgrades of one licence (spec §2 Upgrade License, §7 `GET /upgrades {license_id}`). */
export function createUpgradesStore(api: ApiClient, licenseId: number) {
  const $upgrades = map<UpgradesState>({ state: 'idle', upgrades: [], error: null });

  async function reload(): Promise<void> {
    $upgrades.set({ ...$upgrades.get(), state: 'loading', error: null });
    try {
      const { data } = await api.get('/upgrades', UpgradeListSchema, { license_id: licenseId });
      $upgrades.set({ state: 'ready', upgrades: data, error: null });
    } catch (error) {
      $upgrades.set({
        state: 'error',
        upgrades: [],
        error: loadFailureText(error, checkoutFailures.upgradesFailed),
      });
    }
  }

  return {
    $upgrades,
    load: () => ($upgrades.get().state === 'idle' ? reload() : Promise.resolve()),
    reload,
  };
}

const stores = new Map<string, UpgradesStore>();

/** One upgrades store per API and licence on a page. */
export function upgradesStoreFor(api: ApiClient, licenseId: number): UpgradesStore {
  const key = `${api.baseURL}#${licenseId}`;
  let store = stores.get(key);
  if (!store) {
    store = createUpgradesStore(api, licenseId);
    stores.set(key, store);
  }
  return store;
}
