import { createVendorElement } from '../../shared/element/create-element';
import { Checkout, type CheckoutProps } from './Checkout';
import styles from './checkout.css?inline';

/**
 * `<vendor-checkout>`: the cart and checkout of spec §2 and §4, for any page of any origin, with no
 * account needed. It reads the /checkout query of the page once (`action=renew&license&download_id&price_id`,
 * `contents&racart`, `download_id&price_id`) and removes it from the address.
 *
 * @tagname vendor-checkout
 * @summary The cart and checkout: coupons, upsells, the AI add-on, split payment, billing details and payment.
 * @attr {string} api-base - The vendor API v1 base URL, absolute when the page is on another origin. Default: the page's origin + `/api/v1`.
 * @attr {'light'|'dark'|'auto'} [theme=light] - Colour scheme; `auto` follows the visitor's system setting.
 * @attr {number} download-id - A product to put in the cart when it is not there yet.
 * @attr {number} [price-id=1] - The tier (price option) of `download-id`.
 * @attr {string} portal-url - The customer portal that Sign In and Profile lead to. Default: the origin of `api-base`.
 * @attr {string} brand - The shop's name, at the top of the checkout.
 * @attr {string} brand-logo - An http(s) address of the shop's logo, 32 px high, before its name.
 * @fires {{ items: { download_id: number; price_id: number; name: string; subtotal: number }[]; total: number }} vendor-cart-changed - Once the cart is loaded and after every change to it.
 * @fires {{ code: string; type: 'flat' | 'percent' | null; amount: number }} vendor-coupon-applied - When a coupon code is accepted.
 * @fires {{}} vendor-switch-back - When a shop manager who switched into a customer's account has switched back with Switch Back.
 * @fires {{ path: string }} vendor-navigate - `{path: '<portal-url>/user/dashboard'}` after Switch Back, cancelable: unless `preventDefault()` is called, the element goes there with `location.assign`.
 * @csspart root - The whole checkout.
 * @csspart header - The header with Sign In or the profile menu.
 * @csspart brand - The shop's name and logo.
 * @csspart summary-bar - On a narrow checkout, the line with the item count and total held at the top of the screen.
 * @csspart secure - The secure-payment line under the payment form.
 * @csspart cart - The cart column.
 * @csspart payment - The payment column.
 * @csspart payment-form - The billing form (Personal Information, Billing Details, payment method, agreements).
 * @csspart billing-address - The billing address fields.
 * @csspart select - A dropdown (country, state).
 * @csspart listbox - A dropdown's list of options.
 * @csspart field - A labelled field.
 * @csspart field-error - A field's error message.
 * @csspart pay-button - The pay button.
 * @csspart button - Any other button.
 * @csspart product - A product card of the empty cart's grid.
 * @csspart skeleton - A loading placeholder.
 * @csspart toasts - The region of toast messages.
 * @csspart toast - One toast message.
 * @csspart load-failure - What shows in place of data that failed to load: its message and Try again.
 * @csspart retry - The Try again button of a failed load.
 * @csspart cart-error - Why a change to the cart (a tier, a line, an added product) failed, above the cart.
 * @cssprop --vendor-color-primary - Buttons, links and selected options.
 * @cssprop --vendor-color-surface - The cart and payment cards.
 * @cssprop --vendor-radius - Corners of cards, fields and buttons.
 * @example
 * <vendor-checkout api-base="https://portal.example.com/api/v1" download-id="12" price-id="2"></vendor-checkout>
 */
export const VendorCheckoutElement = createVendorElement<CheckoutProps>(Checkout, {
  styles,
  attributes: {
    downloadId: 'number',
    priceId: 'number',
    portalUrl: 'string',
    brand: 'string',
    brandLogo: 'string',
  },
});
