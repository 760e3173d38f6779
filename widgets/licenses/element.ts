import { createVendorElement } from '../../shared/element/create-element';
import { Licenses, type LicensesProps } from './Licenses';
import styles from './licenses.css?inline';

/**
 * `<vendor-licenses>`: My Products, Manage License, Manage Sites and Upgrade License of spec §2. It works
 * on its own in any page: it moves between its views itself, announcing each move first with a
 * cancelable `vendor-navigate`, so a host with its own router can take over.
 *
 * @tagname vendor-licenses
 * @summary The customer's licences: keys, sites, upgrades, renewals and bundle downloads.
 * @attr {string} api-base - The vendor API v1 base URL, absolute when the page is on another origin. Default: the page's origin + `/api/v1`.
 * @attr {'light'|'dark'|'auto'} [theme=light] - Colour scheme; `auto` follows the visitor's system setting.
 * @attr {boolean} no-heading - `true` when the page around the element already shows its title (the portal sets it under its h1): the element leaves out its own heading, so the page has one. Without it the element titles itself.
 * @attr {'products'|'manage-license'|'manage-sites'|'upgrades'} [view=products] - The view shown first.
 * @attr {number} payment-id - The purchase of the `manage-license` and `manage-sites` views.
 * @attr {number} license-id - The licence of the `upgrades` view (and a bundled licence for `manage-sites`).
 * @attr {number} limit - Show only this many products (the dashboard shows 3), without title, paging or Back.
 * @attr {string} sign-in-url - Where a visitor's "Sign in" link goes; set it on another origin's page.
 *   Default: the portal's `/auth/sign-in`, with a `redirect` back to this view.
 * @fires {{ path: string }} vendor-navigate - Cancelable, before the element follows a link or changes view (`/user/manage-site/{paymentId}`, `/user/upgrade-license?license_id={id}`, `/checkout?action=renew&…`); call `preventDefault()` to route the path yourself.
 * @fires {{ license_id: number; license_key: string }} vendor-licence-copied - After a licence key was copied.
 * @fires {{ license_id: number; url: string; activation_count: number }} vendor-site-added - After a site was activated.
 * @fires {{ license_id: number; url: string; activation_count: number }} vendor-site-removed - After a site was deactivated.
 * @csspart root - The element's content.
 * @csspart table - A table.
 * @csspart badge - A status badge.
 * @csspart button - A button.
 * @csspart license-key - A licence key.
 * @csspart copy-status - The confirmation beside a copy button.
 * @csspart field - A labelled field (the site URL).
 * @csspart field-error - A field's error message.
 * @csspart modal - The bundle-download dialog.
 * @csspart modal-title - The dialog's title.
 * @csspart modal-body - The dialog's content.
 * @csspart modal-footer - The dialog's buttons.
 * @csspart download-progress - The progress bar of a file being downloaded.
 * @csspart skeleton - A loading placeholder.
 * @csspart toasts - The region of toast messages.
 * @csspart toast - One toast message.
 * @csspart load-failure - What shows in place of data that failed to load: its message and Try again.
 * @csspart retry - The Try again button of a failed load.
 * @cssprop --vendor-color-primary - Buttons and links.
 * @cssprop --vendor-color-success - Active badges and copy confirmations.
 * @cssprop [--vendor-table-row-height=84px] - Row height of every table (skeleton rows too); taller here for the two-line product rows.
 * @example
 * <vendor-licenses api-base="https://portal.example.com/api/v1"></vendor-licenses>
 */
export const VendorLicensesElement = createVendorElement<LicensesProps>(Licenses, {
  styles,
  attributes: {
    view: 'string',
    paymentId: 'number',
    licenseId: 'number',
    limit: 'number',
    signInUrl: 'string',
    noHeading: 'boolean',
  },
});
