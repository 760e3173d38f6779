import { createVendorElement } from '../../shared/element/create-element';
import { Affiliate, type AffiliateProps } from './Affiliate';
import styles from './affiliate.css?inline';

/**
 * `<vendor-affiliate>`: the affiliate area of spec §2. An affiliate sees the tabs Affiliate URL,
 * Referrals, Payouts, Visits and Creatives; a customer who is not one yet, or any visitor with
 * `view="registration"`, sees the registration form with its proof-of-work captcha, then the thanks.
 *
 * @tagname vendor-affiliate
 * @summary The affiliate dashboard (referral URL, referrals, payouts, visits, creatives) or the registration form.
 * @attr {string} api-base - The vendor API v1 base URL, absolute when the page is on another origin. Default: the page's origin + `/api/v1`.
 * @attr {'light'|'dark'|'auto'} [theme=light] - Colour scheme; `auto` follows the visitor's system setting.
 * @attr {boolean} no-heading - `true` when the page around the element already shows its title (the portal sets it under its h1): the element leaves out its own heading, so the page has one. Without it the element titles itself.
 * @attr {'registration'} view - `registration` shows only the registration form, which works signed out (it creates the account).
 * @attr {'url'|'referrals'|'payouts'|'visits'|'creatives'|'graphs'|'settings'|'stats'} [tab=url] - The tab shown first; `graphs`, `settings` and `stats` are sample tabs the menu does not offer.
 * @fires {{ affiliate_id: number | null; status: string | null }} vendor-affiliate-registered - After a successful registration.
 * @fires {{ what: 'url' | 'generated-url' | 'creative'; value: string }} vendor-affiliate-copied - After the referral URL, a generated URL or a creative's code was copied.
 * @csspart root - The element's content.
 * @csspart tabs - The tab set; `tab-list`, `tab` and `tab-panel` are its pieces.
 * @csspart tab-list - The row of tabs.
 * @csspart tab - One tab.
 * @csspart tab-panel - The content of the selected tab.
 * @csspart table - A list table.
 * @csspart badge - A status badge in a list.
 * @csspart pager - The Previous / Next controls of a list.
 * @csspart referral-url - The referral URL box.
 * @csspart copy-status - The confirmation beside a copy button.
 * @csspart creative - One creative card.
 * @csspart form - The registration form.
 * @csspart field - A labelled field.
 * @csspart field-error - A field's error message.
 * @csspart button - A button.
 * @csspart skeleton - A loading placeholder.
 * @csspart load-failure - What shows in place of data that failed to load: its message and Try again.
 * @csspart retry - The Try again button of a failed load.
 * @cssprop --vendor-color-primary - Buttons, links and the active tab.
 * @cssprop --vendor-color-success - 'paid' badges and copy confirmations.
 * @cssprop --vendor-color-warning - Payout statuses other than 'paid'.
 * @cssprop --vendor-color-danger - Referral statuses other than 'paid', field errors.
 * @cssprop --vendor-table-row-height - Row height of the lists (skeleton rows too).
 * @example
 * <vendor-affiliate api-base="https://portal.example.com/api/v1" tab="referrals"></vendor-affiliate>
 */
export const VendorAffiliateElement = createVendorElement<AffiliateProps>(Affiliate, {
  styles,
  attributes: { view: 'string', tab: 'string', noHeading: 'boolean' },
});
