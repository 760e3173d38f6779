import { createVendorElement } from '../../shared/element/create-element';
import { Portal, type PortalProps } from './Portal';
import styles from './portal.css?inline';

/**
 * `<vendor-portal>`: the whole account area (spec §2 routes, shells, sidebar, header, dashboard; spec §6
 * roles) on one page. It owns the page's URL, renders the feature elements for each route and routes
 * links inside it, and the `vendor-navigate` events of its elements, without a page load.
 *
 * The events of the elements it renders reach the page through it. It routes their `vendor-navigate` to
 * same-origin paths itself: by the time one of those reaches a listener outside, its `defaultPrevented` is
 * already true. Others (the payment gateway's add-card page) are left to the element.
 *
 * @tagname vendor-portal
 * @summary The whole customer portal: sign-in, dashboard and every account page, routed in the page.
 * @attr {string} api-base - The vendor API v1 base URL, passed to every element inside. Default: the page's origin + `/api/v1`.
 * @attr {'light'|'dark'|'auto'} [theme=light] - Colour scheme, passed to every element inside.
 * @attr {boolean} sidebar-collapsed - `true` shows the sidebar collapsed (an empty value leaves it open).
 * @fires {{ path: string }} vendor-navigate - From an element inside; a same-origin path is already routed by the portal (`defaultPrevented` is true), any other is followed by the element.
 * @renders vendor-sign-in vendor-affiliate vendor-reports vendor-downloads vendor-licenses vendor-subscriptions vendor-purchases vendor-tickets vendor-profile vendor-manager vendor-checkout vendor-payment-result vendor-news
 * @csspart sidebar - The sidebar.
 * @csspart header - The header.
 * @csspart main - The content area.
 * @csspart banner - The two-factor authentication banner.
 * @csspart avatar - The signed-in user's picture or initials in the header.
 * @csspart field - A labelled field (creating a company).
 * @csspart field-error - A field's error message.
 * @csspart button - A button of the shell.
 * @csspart toasts - The region of toast messages.
 * @csspart toast - One toast message.
 * @csspart load-failure - What shows in place of data that failed to load: its message and Try again.
 * @csspart retry - The Try again button of a failed load.
 * @cssprop --vendor-color-primary - The active sidebar entry and links.
 * @example
 * <vendor-portal api-base="https://portal.example.com/api/v1"></vendor-portal>
 */
export const VendorPortalElement = createVendorElement<PortalProps>(Portal, {
  styles,
  attributes: { sidebarCollapsed: 'boolean' },
});
