import { createVendorElement } from '../../shared/element/create-element';
import { Manager, type ManagerProps } from './Manager';
import styles from './manager.css?inline';

/**
 * `<vendor-manager>`: the shop manager page of spec §2: tabs Users and Orders with search boxes, 20 per
 * page, and 'Switch to user' on each user. Needs a signed-in shop manager, admin or super-admin.
 *
 * @tagname vendor-manager
 * @summary The shop manager's users and orders, with switching into a user's account.
 * @attr {string} api-base - The vendor API v1 base URL, absolute when the page is on another origin. Default: the page's origin + `/api/v1`.
 * @attr {'light'|'dark'|'auto'} [theme=light] - Colour scheme; `auto` follows the visitor's system setting.
 * @attr {'users'|'orders'} [tab=users] - The tab shown first.
 * @fires {{ user_id: number; name: string }} vendor-user-switched - After switching into a user's account; the session now holds their token.
 * @fires {{ path: string }} vendor-navigate - `{path: '/user/dashboard'}` after a switch, cancelable: unless `preventDefault()` is called, the element goes there with `location.assign`.
 * @csspart tabs - The tab set.
 * @csspart tab-list - The row of tabs.
 * @csspart tab - One tab.
 * @csspart tab-panel - The content of the selected tab.
 * @csspart field - The search box.
 * @csspart field-error - A field's error message.
 * @csspart table - A table.
 * @csspart button - A button.
 * @csspart skeleton - A loading placeholder.
 * @csspart toasts - The region of toast messages.
 * @csspart toast - One toast message.
 * @csspart load-failure - What shows in place of data that failed to load: its message and Try again.
 * @csspart retry - The Try again button of a failed load.
 * @cssprop --vendor-color-primary - The active tab and buttons.
 * @cssprop --vendor-color-danger - Failure messages.
 * @example
 * <vendor-manager api-base="https://portal.example.com/api/v1" tab="orders"></vendor-manager>
 */
export const VendorManagerElement = createVendorElement<ManagerProps>(Manager, {
  styles,
  attributes: { tab: 'string' },
});
