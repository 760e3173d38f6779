import { createSessionStorage, type KeyValueStorage } from './storage';

/** Where the checkout keeps the billing form for the tab (checkout-draft.ts): sessionStorage. */
export const CHECKOUT_DRAFT_KEY = 'vendor_checkout_form';

/**
 * Forgets the draft. In a module of its own: the cart, which forgets it with an empty cart, loads before
 * the payment column and carries none of the form's code.
 */
export function forgetCheckoutDraft(storage: KeyValueStorage = createSessionStorage()): void {
  storage.remove(CHECKOUT_DRAFT_KEY);
}
