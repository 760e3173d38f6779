import { createVendorElement } from '../../shared/element/create-element';
import { Subscriptions, type SubscriptionsProps } from './Subscriptions';
import styles from './subscriptions.css?inline';

/**
 * `<vendor-subscriptions>`: the customer's subscriptions (spec §2 Subscriptions): Subscription (name,
 * price name, $amount / frequency), Status, Renewal Date, Initial Amount and Actions; Cancel (and
 * Reactivate) after a yes/no question. Needs a signed-in visitor.
 *
 * @tagname vendor-subscriptions
 * @summary The customer's subscriptions, with cancel and reactivate.
 * @attr {string} api-base - The vendor API v1 base URL, absolute when the page is on another origin. Default: the page's origin + `/api/v1`.
 * @attr {'light'|'dark'|'auto'} [theme=light] - Colour scheme; `auto` follows the visitor's system setting.
 * @attr {boolean} no-heading - `true` when the page around the element already shows its title (the portal sets it under its h1): the element leaves out its own heading, so the page has one. Without it the element titles itself.
 * @fires {{ id: number; type: 'cancel' | 'reactivate'; status: string | undefined }} vendor-subscription-updated - After a cancel or reactivate succeeded; `status` is the subscription's new status.
 * @csspart root - The element's content.
 * @csspart table - The subscriptions table.
 * @csspart badge - A status badge.
 * @csspart button - The row actions and the dialog's No / Yes.
 * @csspart modal - The confirm dialog.
 * @csspart modal-title - The dialog's title.
 * @csspart modal-body - The dialog's question.
 * @csspart modal-footer - The dialog's buttons.
 * @csspart skeleton - A loading placeholder.
 * @csspart toasts - The region of toast messages.
 * @csspart toast - One toast message.
 * @csspart load-failure - What shows in place of data that failed to load: its message and Try again.
 * @csspart retry - The Try again button of a failed load.
 * @cssprop --vendor-color-primary - Buttons and links.
 * @cssprop --vendor-color-success - The active badge.
 * @cssprop --vendor-color-danger - Other statuses and Cancel.
 * @cssprop --vendor-table-row-height - Row height (loading rows keep it).
 * @example
 * <vendor-subscriptions api-base="https://portal.example.com/api/v1"></vendor-subscriptions>
 */
export const VendorSubscriptionsElement = createVendorElement<SubscriptionsProps>(Subscriptions, {
  styles,
  attributes: { noHeading: 'boolean' },
});
