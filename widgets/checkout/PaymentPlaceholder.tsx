import type { CartStore } from '../../shared/stores/cart';

/**
 * PLACEHOLDER for part 2 (issue 9), which replaces this file: Personal Information, Billing Details and
 * the pay button. Part 2 calls `store.beginCheckout()` / `store.endCheckout()` around the purchase and
 * `store.clearOldCart()` on submit (spec §4).
 */
export function PaymentPlaceholder(_props: { store: CartStore }) {
  return (
    <div className="co__card" data-placeholder="payment">
      <h2>Personal Information</h2>
      <h2>Billing Details</h2>
      <p className="co__muted">Payment opens here soon.</p>
    </div>
  );
}
