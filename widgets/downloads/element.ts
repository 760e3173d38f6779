import { createVendorElement } from '../../shared/element/create-element';
import { Downloads, type DownloadsProps } from './Downloads';
import styles from './downloads.css?inline';

/**
 * `<vendor-downloads>`: the customer's 'PRO Downloads' and the 12 'Free Downloads' of spec §2, or, with
 * `view="landing"`, the public download landing that trades a signed link for its file.
 *
 * @tagname vendor-downloads
 * @summary The customer's PRO and free downloads, or the public landing of a signed download link.
 * @attr {string} api-base - The vendor API v1 base URL, absolute when the page is on another origin. Default: the page's origin + `/api/v1`.
 * @attr {'light'|'dark'|'auto'} [theme=light] - Colour scheme; `auto` follows the visitor's system setting.
 * @attr {'downloads'|'landing'} [view=downloads] - Which screen.
 * @attr {string} signature - The landing's signature. Default: the page's `?signature=`.
 * @attr {string} download-name - The landing's file name. Default: the page's `?name=`.
 * @attr {string} [sign-in-url=/auth/sign-in] - Where the landing's sign-in link leads.
 * @fires {{ path: string }} vendor-navigate - Cancelable, before the landing goes to `sign-in-url`; call `preventDefault()` to route it yourself.
 * @csspart root - The element's content.
 * @csspart free-item - One free download card.
 * @csspart button - A download button.
 * @csspart download-progress - The progress bar of a file being downloaded.
 * @csspart load-failure - What shows in place of data that failed to load: its message and Try again.
 * @csspart retry - The Try again button of a failed load.
 * @cssprop --vendor-color-primary - Buttons and links.
 * @cssprop --vendor-color-surface - Free download cards.
 * @example
 * <vendor-downloads api-base="https://portal.example.com/api/v1"></vendor-downloads>
 */
export const VendorDownloadsElement = createVendorElement<DownloadsProps>(Downloads, {
  styles,
  attributes: { view: 'string', signature: 'string', downloadName: 'string', signInUrl: 'string' },
});
