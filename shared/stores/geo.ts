import { map } from 'nanostores';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import { addressFailures } from '../api/messages';
import { type GeoOption, GeoOptionListSchema } from '../schemas/geo';
import type { LoadState } from './load-state';

export interface GeoList {
  state: LoadState;
  options: GeoOption[];
  error: string | null;
}

const idle: GeoList = { state: 'idle', options: [], error: null };

export type GeoStore = ReturnType<typeof createGeoStore>;

/**
 * Countries and each country's states (spec §3 Countries and states, §7 `GET /countries`,
 * `GET /states {country}`), each asked for once per API and kept: the profile, the invoice form and the
 * checkout share them. A failed list stays failed until asked for again (`reload…`: Try again).
 */
export function createGeoStore(api: ApiClient) {
  const $countries = map<GeoList>(idle);
  /** States by country code. */
  const $states = map<Record<string, GeoList>>({});
  let countriesLoading: Promise<void> | null = null;
  const statesLoading = new Map<string, Promise<void>>();

  function reloadCountries(): Promise<void> {
    countriesLoading ??= (async () => {
      $countries.set({ ...idle, state: 'loading' });
      try {
        const { data } = await api.get('/countries', GeoOptionListSchema);
        $countries.set({ state: 'ready', options: data, error: null });
      } catch (error) {
        $countries.set({
          ...idle,
          state: 'error',
          error: loadFailureText(error, addressFailures.countriesFailed),
        });
      } finally {
        countriesLoading = null;
      }
    })();
    return countriesLoading;
  }

  function reloadStates(country: string): Promise<void> {
    let pending = statesLoading.get(country);
    if (!pending) {
      pending = (async () => {
        $states.setKey(country, { ...idle, state: 'loading' });
        try {
          const { data } = await api.get('/states', GeoOptionListSchema, { country });
          $states.setKey(country, { state: 'ready', options: data, error: null });
        } catch (error) {
          $states.setKey(country, {
            ...idle,
            state: 'error',
            error: loadFailureText(error, addressFailures.statesFailed),
          });
        } finally {
          statesLoading.delete(country);
        }
      })();
      statesLoading.set(country, pending);
    }
    return pending;
  }

  return {
    $countries,
    $states,
    /** The countries, once: after a failure only `reloadCountries` asks again. */
    loadCountries: () =>
      $countries.get().state === 'idle' ? reloadCountries() : (countriesLoading ?? Promise.resolve()),
    reloadCountries,
    /** A country's states, once: after a failure only `reloadStates` asks again. */
    loadStates: (country: string) =>
      !country || $states.get()[country]
        ? (statesLoading.get(country) ?? Promise.resolve())
        : reloadStates(country),
    reloadStates,
  };
}

/**
 * Whether a state must be chosen for `country` (spec §5: only when the country has states): null while
 * its states are unknown (not loaded, loading or failed), so a form waits rather than guesses.
 */
export function countryHasStates(states: Record<string, GeoList>, country: string): boolean | null {
  if (!country) return false;
  const list = states[country];
  return list?.state === 'ready' ? list.options.length > 0 : null;
}

const stores = new Map<string, GeoStore>();

/** One geo store per API on a page. */
export function geoStoreFor(api: ApiClient): GeoStore {
  let store = stores.get(api.baseURL);
  if (!store) {
    store = createGeoStore(api);
    stores.set(api.baseURL, store);
  }
  return store;
}
