import { gateways } from '../catalogue/checkout';
import { CHECKOUT_DRAFT_KEY, forgetCheckoutDraft } from './checkout-draft-key';
import type { CheckoutValues } from './checkout-form';
import { createSessionStorage, type KeyValueStorage } from './storage';

/**
 * The billing form as typed at the last submit, kept for this tab only, so a buyer who cancels on the
 * gateway's page (PayPal's Cancel) comes back to the form as they left it. It lives in sessionStorage:
 * localStorage holds only access_token and old_cart (spec §9). The form holds no card data (cards are
 * typed on the gateway's page), and only the form's own fields are ever read back.
 */
export interface CheckoutDraft {
  read(): Partial<CheckoutValues>;
  save(values: CheckoutValues): void;
  clear(): void;
}

const textFields = [
  'edd_first',
  'edd_last',
  'edd_email',
  'edd_acquisition_method',
  'card_address',
  'card_address_2',
  'card_city',
  'card_zip',
  'billing_country',
  'card_state',
] as const satisfies readonly (keyof CheckoutValues)[];

/**
 * The form's own fields of `value`, each of its type; anything else is dropped. The draft is read back
 * through it, as another script (or an older version) may have written anything there.
 */
function pickDraft(value: unknown): Partial<CheckoutValues> {
  if (!value || typeof value !== 'object') return {};
  const stored = value as Record<string, unknown>;
  const draft: Partial<CheckoutValues> = {};
  for (const field of textFields) {
    const typed = stored[field];
    if (typeof typed === 'string') draft[field] = typed.slice(0, 1000);
  }
  const gateway = gateways.find((g) => g === stored.edd_gateway);
  if (gateway) draft.edd_gateway = gateway;
  if (typeof stored.terms === 'boolean') draft.terms = stored.terms;
  if (typeof stored.mailchimp === 'boolean') draft.mailchimp = stored.mailchimp;
  return draft;
}

export function createCheckoutDraft(storage: KeyValueStorage = createSessionStorage()): CheckoutDraft {
  return {
    read() {
      try {
        return pickDraft(JSON.parse(storage.get(CHECKOUT_DRAFT_KEY) ?? 'null'));
      } catch {
        return {};
      }
    },
    save: (values) => storage.set(CHECKOUT_DRAFT_KEY, JSON.stringify(pickDraft(values))),
    clear: () => forgetCheckoutDraft(storage),
  };
}
