import { createVendorElement } from '../../shared/element/create-element';
import addressStyles from '../../shared/ui/billing-address.css?inline';
import { Purchases, type PurchasesProps } from './Purchases';
import styles from './purchases.css?inline';

/**
 * `<vendor-purchases>`: the customer's purchase history (spec §2 Purchase History) and, with
 * `view="invoice"`, the Generate Invoice form of one purchase, which downloads `Invoice-{number}.pdf`.
 * Needs a signed-in visitor.
 *
 * 'Generate Invoice' links to `generate-invoice/{id}` and 'View Licenses' to `manage-license/{id}`,
 * relative to the page; the form's back link is `/user/purchase-history`. Following 'Generate Invoice'
 * or the back link announces a cancelable `vendor-navigate`; unless a listener cancels it (and routes the
 * path itself), the element switches its view in place.
 *
 * @tagname vendor-purchases
 * @summary The purchase history, and the Generate Invoice form that downloads a PDF invoice.
 * @attr {string} api-base - The vendor API v1 base URL, absolute when the page is on another origin. Default: the page's origin + `/api/v1`.
 * @attr {'light'|'dark'|'auto'} [theme=light] - Colour scheme; `auto` follows the visitor's system setting.
 * @attr {boolean} no-heading - `true` when the page around the element already shows its title (the portal sets it under its h1): the element leaves out its own heading, so the page has one. Without it the element titles itself.
 * @attr {'history'|'invoice'} [view=history] - Which view to show.
 * @attr {number} payment-id - The purchase of the `invoice` view.
 * @fires {{ path: string }} vendor-navigate - Cancelable, before the element changes view; `preventDefault()` to route the path yourself.
 * @fires {{ paymentId: number; filename: string }} vendor-invoice-generated - After the PDF was generated and handed to the browser.
 * @csspart root - The element's content.
 * @csspart table - The purchase history table.
 * @csspart badge - A status badge.
 * @csspart invoice-link - A row's 'Generate Invoice' link.
 * @csspart licence-link - A row's 'View Licenses' link.
 * @csspart invoice-form - The Generate Invoice form.
 * @csspart billing-address - The billing address fields.
 * @csspart select - A dropdown (country, state).
 * @csspart listbox - A dropdown's list of options.
 * @csspart field - A labelled field.
 * @csspart field-error - A field's error message.
 * @csspart generate - The Generate button.
 * @csspart button - Any other button.
 * @csspart back - The link back to the purchase history.
 * @csspart skeleton - A loading placeholder.
 * @csspart toasts - The region of toast messages.
 * @csspart toast - One toast message.
 * @csspart load-failure - What shows in place of data that failed to load: its message and Try again.
 * @csspart retry - The Try again button of a failed load.
 * @cssprop --vendor-color-primary - Links and the Generate button.
 * @cssprop --vendor-color-danger - Field messages and failures.
 * @cssprop --vendor-table-row-height - Row height (loading rows keep it).
 * @example
 * <vendor-purchases api-base="https://portal.example.com/api/v1"></vendor-purchases>
 */
export const VendorPurchasesElement = createVendorElement<PurchasesProps>(Purchases, {
  styles: `${addressStyles}\n${styles}`,
  attributes: { view: 'string', paymentId: 'number', noHeading: 'boolean' },
});
