import { allCountries } from 'country-region-data';
import type { GeoOption } from '../../shared/schemas/geo';

/*
 * Countries (ISO 3166-1 alpha-2) and their states or provinces, from the maintained
 * `country-region-data` package. A country listed with a single region (Aruba, Hong Kong, …) has no
 * states to choose: that one region is the country itself.
 */

interface Country {
  option: GeoOption;
  states: GeoOption[];
}

function build(): Map<string, Country> {
  const byCode = new Map<string, Country>();
  for (const [name, code, regions] of allCountries) {
    const states =
      regions.length > 1
        ? regions
            // A few regions have no code of their own; their name is unique within the country.
            .map(([label, shortCode]) => ({ value: shortCode || label, label }))
            .filter((state, index, all) => all.findIndex((s) => s.value === state.value) === index)
        : [];
    byCode.set(code, { option: { value: code, label: name }, states });
  }
  return byCode;
}

let countries: Map<string, Country> | null = null;
const data = () => {
  countries ??= build();
  return countries;
};

/** Every country, by name. */
export function countryOptions(): GeoOption[] {
  return [...data().values()].map((c) => c.option).sort((a, b) => a.label.localeCompare(b.label, 'en'));
}

/** The states of a country; empty for a country without states and for an unknown code. */
export function stateOptions(country: string): GeoOption[] {
  return data().get(country)?.states ?? [];
}

export function isCountry(code: string): boolean {
  return data().has(code);
}

export function countryName(code: string): string {
  return data().get(code)?.option.label ?? code;
}

export function stateName(country: string, state: string): string {
  return stateOptions(country).find((s) => s.value === state)?.label ?? state;
}
