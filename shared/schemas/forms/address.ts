import * as v from 'valibot';
import { fieldLimits } from '../../catalogue/limits';
import { billingAddressMessages as m } from '../messages';
import { maxLength, required, trimmedString } from '../rules';

/*
 * The billing address of spec §5, shared by the profile, the invoice form and (under other field names)
 * the checkout. The state is required only when the chosen country has states; the caller knows that
 * (it loaded the country's states), so it is an option of the schema, never something the input claims.
 */

/** The field pieces, for forms that name the fields differently (the checkout). */
export const addressFields = {
  line1: v.pipe(
    trimmedString(m.line1Required),
    required('Address', m.line1Required),
    maxLength('Address', fieldLimits.address, m.line1TooLong),
  ),
  line2: v.pipe(
    trimmedString(m.line2TooLong),
    maxLength('Address line 2', fieldLimits.address, m.line2TooLong),
  ),
  city: v.pipe(
    trimmedString(m.cityRequired),
    required('City', m.cityRequired),
    maxLength('City', fieldLimits.city, m.cityTooLong),
  ),
  zip: v.pipe(
    trimmedString(m.zipRequired),
    required('Zip', m.zipRequired),
    maxLength('Zip', fieldLimits.zip, m.zipTooLong),
  ),
};

/** A state that must be chosen, or one that may be empty. */
export function stateField(countryHasStates: boolean) {
  return countryHasStates
    ? v.pipe(trimmedString(m.stateRequired), required('State', m.stateRequired))
    : trimmedString();
}

export interface AddressOptions {
  /** The chosen country has states, so one must be picked. */
  countryHasStates: boolean;
}

function buildAddress(countryHasStates: boolean) {
  return v.object({
    line1: addressFields.line1,
    line2: addressFields.line2,
    country: v.pipe(trimmedString(m.countryRequired), required('Country', m.countryRequired)),
    state: stateField(countryHasStates),
    city: addressFields.city,
    zip: addressFields.zip,
  });
}

const withStates = buildAddress(true);
const withoutStates = buildAddress(false);

/** The billing address of the profile (`POST /profile` type address). Same object for the same option. */
export function billingAddressSchema(options: AddressOptions): typeof withStates {
  return options.countryHasStates ? withStates : withoutStates;
}
export type BillingAddress = v.InferOutput<typeof withStates>;
