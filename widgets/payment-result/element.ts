import { createVendorElement } from '../../shared/element/create-element';
import { PaymentResult, type PaymentResultProps } from './PaymentResult';
import styles from './payment-result.css?inline';

/**
 * `<vendor-payment-result>`: the pages a payment gateway returns to (spec §2 Payment success, Payment
 * failed). Success reads `session_id`, or `edd_confirm=paypal_express&token&PayerID&payment_id`, or
 * `edd_confirm=manual&payment_id`, asks for the payment's confirmation (first after 3000 ms, again until
 * final, up to 5 retries on failure), shows the receipt, then sends the affiliate information.
 *
 * @tagname vendor-payment-result
 * @summary The payment success page (confirmation, receipt) or the payment failed page.
 * @attr {string} api-base - The vendor API v1 base URL, absolute when the page is on another origin. Default: the page's origin + `/api/v1`.
 * @attr {'light'|'dark'|'auto'} [theme=light] - Colour scheme; `auto` follows the visitor's system setting.
 * @attr {'success'|'failed'} [view=success] - Which page.
 * @attr {string} query - The gateway's return query. Default: the page's `location.search`.
 * @attr {string} portal-url - The customer portal (dashboard, sign-in). Default: the origin of `api-base`.
 * @attr {string} products-url - Where 'Browse Products' leads. Default: the portal's `/checkout`.
 * @fires {{ payment_id: number; total: number; items: { name: string; sku: string; price: number }[] }} vendor-purchase-completed - Once the payment is confirmed (for analytics and conversion tags).
 * @csspart root - The page.
 * @csspart dashboard - The 'Login to Dashboard' / 'Go to Dashboard' link.
 * @csspart account-notice - What a buyer who is not signed in is told about the account (mailed sign-in details, or the account the address already had).
 * @csspart receipt - The payment, licence, subscription and product tables.
 * @csspart table - One receipt table.
 * @csspart copy-status - The confirmation beside a licence key's copy button.
 * @csspart button - A button.
 * @csspart skeleton - A loading placeholder.
 * @csspart toasts - The region of toast messages.
 * @csspart toast - One toast message.
 * @csspart load-failure - What shows in place of data that failed to load: its message and Try again.
 * @csspart retry - The Try again button of a failed load.
 * @cssprop --vendor-color-primary - Links and buttons.
 * @cssprop --vendor-color-surface - Cards.
 * @cssprop --vendor-radius - Corners.
 * @example
 * <vendor-payment-result api-base="https://portal.example.com/api/v1"></vendor-payment-result>
 */
export const VendorPaymentResultElement = createVendorElement<PaymentResultProps>(PaymentResult, {
  styles,
  attributes: { view: 'string', query: 'string', portalUrl: 'string', productsUrl: 'string' },
});
