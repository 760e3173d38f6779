import * as v from 'valibot';
import { acquisitionMethods } from '../../catalogue/acquisition';
import { gateways, isAddressRequired } from '../../catalogue/checkout';
import { fieldLimits } from '../../catalogue/limits';
import { billingAddressMessages as address, checkoutMessages as m } from '../messages';
import { checkbox, email, maxLength, oneOf, required, requiredIf, trimmedString } from '../rules';
import { type AddressOptions, addressFields } from './address';

/*
 * The checkout's billing form (spec §3 field names, spec §5 messages). The address is required unless
 * the gateway is PayPal (spec §4: card and the free 'manual' path need it), so its required rules sit on
 * the object and read edd_gateway; the length limits apply whenever a value is given.
 */

const entries = {
  edd_first: v.pipe(
    trimmedString(m.firstNameRequired),
    required('First name', m.firstNameRequired),
    maxLength('First name', fieldLimits.name, m.firstNameTooLong),
  ),
  edd_last: v.pipe(
    trimmedString(m.lastNameRequired),
    required('Last name', m.lastNameRequired),
    maxLength('Last name', fieldLimits.name, m.lastNameTooLong),
  ),
  edd_email: v.pipe(
    trimmedString(m.emailRequired),
    required('Email', m.emailRequired),
    email(m.emailInvalid),
  ),
  edd_acquisition_method: oneOf(acquisitionMethods, m.acquisitionRequired),
  edd_gateway: oneOf(gateways, m.gatewayRequired),
  // One box sets both agreements (spec §5); the privacy flag is carried, the terms flag is checked.
  edd_agree_to_terms: v.pipe(checkbox(), required('Terms', m.termsRequired)),
  edd_agree_to_privacy_policy: checkbox(),
  card_address: v.pipe(
    trimmedString(address.line1Required),
    maxLength('Address', fieldLimits.address, address.line1TooLong),
  ),
  card_address_2: addressFields.line2,
  card_city: v.pipe(
    trimmedString(address.cityRequired),
    maxLength('City', fieldLimits.city, address.cityTooLong),
  ),
  card_zip: v.pipe(trimmedString(address.zipRequired), maxLength('Zip', fieldLimits.zip, address.zipTooLong)),
  billing_country: trimmedString(m.countryRequired),
  card_state: trimmedString(address.stateRequired),
  card_name: trimmedString(),
  payment_mode: trimmedString(),
  need_new_user: checkbox(),
  need_user_login: checkbox(),
  // The newsletter opt-in is ticked unless the buyer unticks it (spec §3).
  mailchimp: checkbox(true),
};

const checkoutObject = v.object(entries);
type CheckoutInput = v.InferOutput<typeof checkoutObject>;

const needsAddress = (input: CheckoutInput): boolean => isAddressRequired(input.edd_gateway);

function buildCheckout(countryHasStates: boolean) {
  const when = (field: keyof CheckoutInput & string, message: string, condition = needsAddress) =>
    requiredIf<CheckoutInput>(field, ['edd_gateway'], condition, message);
  return v.pipe(
    checkoutObject,
    when('billing_country', m.countryRequired),
    when('card_address', address.line1Required),
    when('card_city', address.cityRequired),
    when('card_zip', address.zipRequired),
    when('card_state', address.stateRequired, (input) => countryHasStates && needsAddress(input)),
  );
}

const withStates = buildCheckout(true);
const withoutStates = buildCheckout(false);

/** The checkout form; `countryHasStates` says whether the chosen country's state list is non-empty. */
export function checkoutFormSchema(options: AddressOptions): typeof withStates {
  return options.countryHasStates ? withStates : withoutStates;
}
export type CheckoutForm = v.InferOutput<typeof withStates>;

/** The promo code box: trimmed, and an empty code shows 'Please insert coupon code'. */
export const couponCodeSchema = v.pipe(trimmedString(m.couponEmpty), required('Coupon code', m.couponEmpty));
export const couponFormSchema = v.object({ code: couponCodeSchema });
export type CouponForm = v.InferOutput<typeof couponFormSchema>;
