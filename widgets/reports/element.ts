import { createVendorElement } from '../../shared/element/create-element';
import { Reports, type ReportsProps } from './Reports';
import styles from './reports.css?inline';

/**
 * `<vendor-reports>`: company analytics (spec §1): a company profile switcher, the dashboard report
 * (products, sites, platform, PHP and plugin versions, languages, deactivation reasons, site counts,
 * users, mailing list) as charts with tables, and the CSV export; with `view="super-admin"` the
 * super-admin's report across companies. The chart code loads only when a report is shown.
 *
 * @tagname vendor-reports
 * @summary Company analytics: charts and tables of the company's products and sites, CSV export.
 * @attr {string} api-base - The vendor API v1 base URL, absolute when the page is on another origin. Default: the page's origin + `/api/v1`.
 * @attr {'light'|'dark'|'auto'} [theme=light] - Colour scheme; `auto` follows the visitor's system setting.
 * @attr {'company'|'super-admin'} [view=company] - Which report.
 * @fires {{ path: string }} vendor-navigate - `{path: '/user/dashboard'}` when access to the company was removed; cancelable, otherwise followed with `location.assign`.
 * @csspart stat - A headline number card.
 * @csspart table - A table.
 * @csspart button - A button (CSV export, company switcher).
 * @csspart skeleton - A loading placeholder.
 * @csspart toasts - The region of toast messages.
 * @csspart toast - One toast message.
 * @csspart load-failure - What shows in place of data that failed to load: its message and Try again.
 * @csspart retry - The Try again button of a failed load.
 * @cssprop --vendor-color-primary - The first chart series and buttons.
 * @cssprop --vendor-color-warning - The second chart series.
 * @example
 * <vendor-reports api-base="https://portal.example.com/api/v1"></vendor-reports>
 */
export const VendorReportsElement = createVendorElement<ReportsProps>(Reports, {
  styles,
  attributes: { view: 'string' },
});
