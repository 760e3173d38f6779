import { createVendorElement } from '../../shared/element/create-element';
import { Profile, type ProfileProps } from './Profile';
import { profileStyles } from './styles';

/**
 * `<vendor-profile>`: the signed-in user's profile in three tabs (spec §2 Profile): Profile (names,
 * e-mail confirmed by mail, the avatar service's picture), Billing & Payment Methods (the billing address,
 * saved cards: add through the gateway's page, set default, remove) and Password & Security (password
 * change, 'Two-Factor Authentication Methods'). Reads `?action=add_card` (`&failed=true`), `?tab=` and
 * `?action=confirm_email&key=` from the page URL. Needs a signed-in visitor.
 *
 * @tagname vendor-profile
 * @summary The user's profile, billing address, saved cards, password and two-factor methods.
 * @attr {string} api-base - The vendor API v1 base URL, absolute when the page is on another origin. Default: the page's origin + `/api/v1`.
 * @attr {'light'|'dark'|'auto'} [theme=light] - Colour scheme; `auto` follows the visitor's system setting.
 * @attr {'profile'|'billing'|'security'} [tab=profile] - The tab shown first; the page's `?tab=` and `?action=add_card` win.
 * @fires {{ type: 'profile' | 'address' | 'password' }} vendor-profile-updated - After the profile, the billing address or the password was saved.
 * @fires {{ path: string }} vendor-navigate - Cancelable, before leaving for the payment gateway's add-card page; `preventDefault()` keeps the visitor here.
 * @csspart tabs - The tab set.
 * @csspart tab-list - The row of tabs.
 * @csspart tab - One tab.
 * @csspart tab-panel - The content of the selected tab.
 * @csspart field - A labelled field.
 * @csspart field-error - A field's error message.
 * @csspart billing-address - The billing address fields.
 * @csspart select - A dropdown (country, state).
 * @csspart listbox - A dropdown's list of options.
 * @csspart button - A button.
 * @csspart badge - A status badge (the default card, a two-factor method).
 * @csspart card - A saved card.
 * @csspart avatar - The profile picture.
 * @csspart copy-status - The confirmation beside a copy button (two-factor setup).
 * @csspart modal - A dialog (confirmations, two-factor setup).
 * @csspart modal-title - A dialog's title.
 * @csspart modal-body - A dialog's content.
 * @csspart modal-footer - A dialog's buttons.
 * @csspart skeleton - A loading placeholder.
 * @csspart toasts - The region of toast messages.
 * @csspart toast - One toast message.
 * @csspart load-failure - What shows in place of data that failed to load: its message and Try again.
 * @csspart retry - The Try again button of a failed load.
 * @cssprop --vendor-color-primary - Buttons, links and the active tab.
 * @cssprop --vendor-color-surface - Panels and cards.
 * @cssprop --vendor-radius - Corners.
 * @example
 * <vendor-profile api-base="https://portal.example.com/api/v1" tab="security"></vendor-profile>
 */
export const VendorProfileElement = createVendorElement<ProfileProps>(Profile, {
  styles: profileStyles,
  attributes: { tab: 'string' },
});
