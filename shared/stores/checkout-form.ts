import { map } from 'nanostores';
import { isApiError } from '../api/api-error';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import { checkoutFailures } from '../api/messages';
import { defaultAcquisitionForSignedIn } from '../catalogue/acquisition';
import { defaultGateway, type Gateway, gatewayForCart, isAddressRequired } from '../catalogue/checkout';
import type { Cart } from '../schemas/cart';
import { PurchaseResponseSchema } from '../schemas/checkout';
import { errorCode } from '../schemas/error';
import { checkoutFormSchema } from '../schemas/forms/checkout';
import { fieldErrors } from '../schemas/forms/field-errors';
import { checkoutMessages } from '../schemas/messages';
import type { SessionUser } from '../schemas/session';
import type { CartStore } from './cart';
import type { CartStorage } from './cart-storage';
import type { CheckoutDraft } from './checkout-draft';
import { showToast } from './toasts';

/** The billing form as typed (spec §3 Billing form); the terms box stands for both agreements. */
export interface CheckoutValues {
  edd_first: string;
  edd_last: string;
  edd_email: string;
  edd_acquisition_method: string;
  edd_gateway: Gateway;
  terms: boolean;
  mailchimp: boolean;
  card_address: string;
  card_address_2: string;
  card_city: string;
  card_zip: string;
  billing_country: string;
  card_state: string;
}
export type CheckoutField = keyof CheckoutValues;

export interface CheckoutFormState {
  values: CheckoutValues;
  errors: Partial<Record<string, string>>;
  /** The email is the signed-in profile's and cannot be changed (spec §5). */
  emailLocked: boolean;
}

const blank: CheckoutValues = {
  edd_first: '',
  edd_last: '',
  edd_email: '',
  edd_acquisition_method: '',
  edd_gateway: defaultGateway,
  terms: false,
  // Spec §3: the newsletter opt-in is on unless the buyer unticks it.
  mailchimp: true,
  card_address: '',
  card_address_2: '',
  card_city: '',
  card_zip: '',
  billing_country: '',
  card_state: '',
};

/**
 * The referral visit the landing recorded for this page (its `affwp_ref_visit_id` cookie), as the
 * purchase sends it: the server credits an affiliate only from a visit it recorded itself, so a typed
 * affiliate id (`affwp_ref`) is not sent. Empty when the page has no recorded visit.
 */
export function referralVisit(cookieHeader: string): Record<string, string> {
  for (const part of cookieHeader.split(';')) {
    const [name = '', value = ''] = part.trim().split('=');
    if (name === 'affwp_ref_visit_id' && /^\d{1,9}$/.test(value)) return { affwp_ref_visit_id: value };
  }
  return {};
}

/** The form's field names as the schema names them (the terms box is edd_agree_to_terms). */
const schemaField = (field: CheckoutField): string => (field === 'terms' ? 'edd_agree_to_terms' : field);

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/**
 * The billing payload of spec §7: the edd_* fields, 'edd-gateway' and 'payment-mode', card_name (first
 * plus last), need_new_user and need_user_login (true without a token), agreement flags as 1 or 0, the
 * newsletter opt-in; PayPal gets no card address fields.
 */
export function purchasePayload(
  values: CheckoutValues,
  signedIn: boolean,
  referral: Record<string, string> = {},
): Record<string, unknown> {
  const gateway = values.edd_gateway;
  const payload: Record<string, unknown> = {
    edd_first: values.edd_first.trim(),
    edd_last: values.edd_last.trim(),
    edd_email: values.edd_email.trim(),
    edd_acquisition_method: values.edd_acquisition_method,
    edd_agree_to_terms: flag(values.terms),
    edd_agree_to_privacy_policy: flag(values.terms),
    edd_gateway: gateway,
    'edd-gateway': gateway,
    payment_mode: gateway,
    'payment-mode': gateway,
    card_name: `${values.edd_first.trim()} ${values.edd_last.trim()}`.trim(),
    need_new_user: !signedIn,
    need_user_login: !signedIn,
    mailchimp: values.mailchimp,
    // Not in the spec's payload: the page's recorded referral visit, so a purchase made on another
    // origin than the API's (where the cookies live) still credits the affiliate.
    ...referral,
  };
  if (gateway !== 'paypalexpress') {
    Object.assign(payload, {
      card_address: values.card_address,
      card_address_2: values.card_address_2,
      card_city: values.card_city,
      card_zip: values.card_zip,
      billing_country: values.billing_country,
      card_state: values.card_state,
    });
  }
  return payload;
}

export interface CheckoutFormDeps {
  api: ApiClient;
  cart: CartStore;
  storage: Pick<CartStorage, 'token'>;
  /** Whether the chosen country has states: null while its list is unknown. */
  countryHasStates: (country: string) => boolean | null;
  /** The page's cookies (document.cookie), for the affiliate referral. */
  cookies: () => string;
  /** Where the browser goes with the purchase's URL (location.assign; replaced in tests). */
  navigate: (url: string) => void;
  /** The form as typed at the last submit, for a buyer back from the gateway's Cancel (this tab only). */
  draft: CheckoutDraft;
}

export type CheckoutFormStore = ReturnType<typeof createCheckoutFormStore>;

/**
 * The checkout's right column (spec §4 Pay button and Gateway, §5 Checkout): values, per-field errors
 * (on blur/change, cleared on edit, all on submit), the gateway rule, and the submit that posts the
 * billing payload and sends the browser to the URL it answers.
 */
export function createCheckoutFormStore(deps: CheckoutFormDeps) {
  const $form = map<CheckoutFormState>({
    values: { ...blank, ...deps.draft.read() },
    errors: {},
    emailLocked: false,
  });

  const schema = () =>
    checkoutFormSchema({
      countryHasStates: deps.countryHasStates($form.get().values.billing_country) === true,
    });
  const input = (values: CheckoutValues) => ({
    ...values,
    edd_agree_to_terms: values.terms,
    edd_agree_to_privacy_policy: values.terms,
  });
  const allErrors = (): Record<string, string> => fieldErrors(schema(), input($form.get().values));

  function setErrors(errors: Partial<Record<string, string>>): void {
    $form.setKey('errors', errors);
  }

  return {
    $form,

    /** A signed-in profile fills the name and locks the email; the acquisition question defaults to 'other'. */
    fillFromProfile(user: SessionUser | null): void {
      const { values } = $form.get();
      if (!user) {
        $form.setKey('emailLocked', false);
        return;
      }
      $form.set({
        ...$form.get(),
        emailLocked: true,
        values: {
          ...values,
          edd_first: values.edd_first || user.first_name,
          edd_last: values.edd_last || user.last_name,
          edd_email: user.email,
          edd_acquisition_method: values.edd_acquisition_method || defaultAcquisitionForSignedIn,
        },
      });
    },

    /**
     * Spec §4 Gateway: a discounted cart costing 0 goes through 'manual' (options hidden, address
     * required); leaving that state (the coupon removed) resets to the default gateway.
     */
    followCart(cart: Cart | null): void {
      if (!cart) return;
      const forced = gatewayForCart({ hasDiscounts: cart.has_discounts, total: cart.total });
      const current = $form.get().values.edd_gateway;
      if (forced === 'manual' && current !== 'manual') this.change('edd_gateway', 'manual');
      else if (forced !== 'manual' && current === 'manual') this.change('edd_gateway', defaultGateway);
    },

    /** An edit clears that field's error (spec §5); a new country clears the state (spec §4). */
    change<F extends CheckoutField>(field: F, value: CheckoutValues[F]): void {
      const { values, errors } = $form.get();
      const next = { ...values, [field]: value };
      const cleared = { ...errors, [schemaField(field)]: undefined };
      if (field === 'billing_country' && value !== values.billing_country) {
        next.card_state = '';
        cleared.card_state = undefined;
      }
      if (field === 'edd_gateway' && !isAddressRequired(value as string)) {
        for (const name of ['billing_country', 'card_address', 'card_city', 'card_zip', 'card_state']) {
          cleared[name] = undefined;
        }
      }
      $form.set({ ...$form.get(), values: next, errors: cleared });
    },

    /** Checks one field (on blur, or on change for selects and boxes). */
    check(field: CheckoutField): void {
      const name = schemaField(field);
      setErrors({ ...$form.get().errors, [name]: allErrors()[name] });
    },

    /**
     * Submit (spec §4 Pay button): every rule at once; a failure shows the errors and the toast 'Please
     * fill the information required for checkout' and leaves the form as it is. A valid form clears
     * old_cart, enters 'processing checkout' (the button stays disabled until the browser leaves), keeps
     * the form as the tab's draft (for the gateway's Cancel) and posts the billing payload; the flag
     * resets when no URL comes back. Resolves to the URL, or null.
     */
    async submit(signedIn: boolean): Promise<string | null> {
      const errors = allErrors();
      if (Object.keys(errors).length > 0) {
        setErrors(errors);
        showToast({ kind: 'error', message: checkoutMessages.submitFailed });
        return null;
      }
      setErrors({});
      deps.cart.clearOldCart();
      if (!deps.cart.beginCheckout()) return null;
      deps.draft.save($form.get().values);
      try {
        const token = deps.storage.token();
        const { data } = await deps.api.request('POST', '/purchase', PurchaseResponseSchema, {
          body: purchasePayload($form.get().values, signedIn, referralVisit(deps.cookies())),
          headers: token ? { 'X-Cart-Token': token } : {},
        });
        if (!data.url) {
          deps.cart.endCheckout();
          return null;
        }
        deps.navigate(data.url);
        return data.url;
      } catch (error) {
        deps.cart.endCheckout();
        if (isApiError(error) && Object.keys(error.fields).length > 0) setErrors({ ...error.fields });
        if (isApiError(error) && error.code === errorCode.couponNotAvailable)
          deps.cart.couponRefused(error.message);
        // Spec §8: a 500 reads as every 500 does; any other refusal is the checkout's own text.
        showToast({ kind: 'error', message: loadFailureText(error, checkoutFailures.checkoutFailed) });
        return null;
      }
    },
  };
}
