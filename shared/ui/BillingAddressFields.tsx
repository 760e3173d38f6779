import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Address } from '../schemas/profile';
import type { GeoStore } from '../stores/geo';
import { Field } from './Field';
import { LoadFailure } from './LoadFailure';
import { Select } from './Select';

export type AddressField = keyof Address;

export interface BillingAddressFieldsProps {
  /** Where the countries and states come from (`geoStoreFor(apiFor(apiBase))`). */
  geo: GeoStore;
  value: Address;
  /** One change at a time; a new country comes with `state: ''` (spec §4: it clears the state). */
  onChange: (patch: Partial<Address>) => void;
  /** The spec §5 messages per field (billingAddressSchema, or the server's). */
  errors?: Partial<Record<string, string>>;
  /** A field was left (for forms that check per field on blur). */
  onBlur?: (field: AddressField) => void;
  disabled?: boolean;
  /** Input names, for forms posting other field names (the checkout's card_address, …). */
  names?: Partial<Record<AddressField, string>>;
}

/**
 * The billing address of spec §5, shared by the profile, the invoice form and the checkout: country (a
 * searchable select), state/province (disabled until the country's states have loaded, and while it
 * has none), lines 1 and 2, city and zip. It loads the countries once and the states of each chosen
 * country; the rules are `billingAddressSchema` with `countryHasStates` from shared/stores/geo.
 * Styles: shared/ui/billing-address.css, in the element's own CSS.
 */
export function BillingAddressFields({
  geo,
  value,
  onChange,
  errors = {},
  onBlur,
  disabled = false,
  names = {},
}: BillingAddressFieldsProps) {
  const countries = useStore(geo.$countries);
  const statesByCountry = useStore(geo.$states);
  const states = value.country ? statesByCountry[value.country] : undefined;

  useEffect(() => {
    void geo.loadCountries();
  }, [geo]);
  useEffect(() => {
    if (value.country) void geo.loadStates(value.country);
  }, [geo, value.country]);

  const statesReady = states?.state === 'ready';
  const noStates = statesReady && states.options.length === 0;
  const statePlaceholder = !value.country
    ? 'Select a country first'
    : noStates
      ? 'No states for this country'
      : statesReady
        ? 'Select state'
        : 'Loading states…';

  const text = (field: Exclude<AddressField, 'country' | 'state'>, label: string, required: boolean) => (
    <Field label={label} error={errors[field]} required={required} className={`billing-address__${field}`}>
      <input
        type="text"
        name={names[field] ?? field}
        value={value[field]}
        disabled={disabled}
        autoComplete={autoComplete[field]}
        onChange={(event) => onChange({ [field]: event.currentTarget.value })}
        onBlur={() => onBlur?.(field)}
      />
    </Field>
  );

  return (
    <div className="billing-address" part="billing-address">
      {countries.state === 'error' && (
        <LoadFailure
          className="billing-address__failure"
          message={countries.error}
          onRetry={() => void geo.reloadCountries()}
        />
      )}
      {states?.state === 'error' && (
        <LoadFailure
          className="billing-address__failure"
          message={states.error}
          onRetry={() => void geo.reloadStates(value.country)}
        />
      )}
      <Field label="Country" error={errors.country} required className="billing-address__country">
        <Select
          name={names.country ?? 'country'}
          options={countries.options}
          value={value.country}
          placeholder={countries.state === 'ready' ? 'Search country' : 'Loading countries…'}
          disabled={disabled || countries.state !== 'ready'}
          onChange={(country) => {
            if (country !== value.country) onChange({ country, state: '' });
            onBlur?.('country');
          }}
        />
      </Field>
      <Field
        label="State / Province"
        error={errors.state}
        required={statesReady && !noStates}
        className="billing-address__state"
      >
        <Select
          name={names.state ?? 'state'}
          options={states?.options ?? []}
          value={value.state}
          placeholder={statePlaceholder}
          disabled={disabled || !statesReady || noStates}
          onChange={(state) => {
            onChange({ state });
            onBlur?.('state');
          }}
        />
      </Field>
      {text('line1', 'Address line 1', true)}
      {text('line2', 'Address line 2', false)}
      {text('city', 'City', true)}
      {text('zip', 'Zip / Postal code', true)}
    </div>
  );
}

const autoComplete: Record<Exclude<AddressField, 'country' | 'state'>, string> = {
  line1: 'address-line1',
  line2: 'address-line2',
  city: 'address-level2',
  zip: 'postal-code',
};
