import { isAddressRequired } from '../../shared/catalogue/checkout';
import type { Address } from '../../shared/schemas/profile';
import type { CheckoutFormState, CheckoutFormStore, CheckoutValues } from '../../shared/stores/checkout-form';
import type { GeoStore } from '../../shared/stores/geo';
import { type AddressField, BillingAddressFields } from '../../shared/ui/BillingAddressFields';

/** The checkout's names for the shared address fields (spec §3 Billing form). */
const names = {
  line1: 'card_address',
  line2: 'card_address_2',
  city: 'card_city',
  zip: 'card_zip',
  country: 'billing_country',
  state: 'card_state',
} as const satisfies Record<AddressField, keyof CheckoutValues>;

/** Billing Details (spec §2): the billing address, asked for unless PayPal collects it (spec §4). */
export function BillingDetails({
  form,
  state,
  geo,
}: {
  form: CheckoutFormStore;
  state: CheckoutFormState;
  geo: GeoStore;
}) {
  const { values, errors } = state;
  if (!isAddressRequired(values.edd_gateway)) return null;
  const address: Address = {
    line1: values.card_address,
    line2: values.card_address_2,
    city: values.card_city,
    zip: values.card_zip,
    country: values.billing_country,
    state: values.card_state,
  };
  const fieldErrors: Partial<Record<string, string>> = {};
  for (const [field, name] of Object.entries(names)) fieldErrors[field] = errors[name];
  return (
    <fieldset className="co-pay__group">
      <legend>Billing Details</legend>
      <BillingAddressFields
        geo={geo}
        value={address}
        names={names}
        errors={fieldErrors}
        onChange={(patch) => {
          for (const [field, value] of Object.entries(patch) as [AddressField, string][]) {
            form.change(names[field], value);
          }
        }}
        onBlur={(field) => form.check(names[field])}
      />
    </fieldset>
  );
}
