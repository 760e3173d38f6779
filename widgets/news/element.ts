import { createVendorElement } from '../../shared/element/create-element';
import { News, type NewsProps } from './News';
import styles from './news.css?inline';

/**
 * `<vendor-news>`: the vendor's latest news, 3 posts newest first, from a WordPress-compatible
 * `GET {api-base}/wp/v2/posts?per_page=3&_embed=1`. Works signed out.
 *
 * @tagname vendor-news
 * @summary The vendor's latest news: three posts, and Browse All Posts.
 * @attr {string} api-base - The vendor API v1 base URL, absolute when the page is on another origin. Default: the page's origin + `/api/v1`.
 * @attr {'light'|'dark'|'auto'} [theme=light] - Colour scheme; `auto` follows the visitor's system setting.
 * @attr {string} browse-url - Where 'Browse All Posts' leads; without it the element pages through all posts itself.
 * @attr {number} category - Only posts of this category id.
 * @attr {string} [heading=Latest News] - The section title.
 * @csspart root - The section.
 * @csspart post - One post card.
 * @csspart image - A post's featured image.
 * @csspart title - A post's title link.
 * @csspart browse - The 'Browse All Posts' control.
 * @csspart button - The Try again button (with `retry`).
 * @csspart load-failure - What shows in place of data that failed to load: its message and Try again.
 * @csspart retry - The Try again button of a failed load.
 * @cssprop --vendor-color-primary - Links and the browse control.
 * @cssprop --vendor-color-surface - Card background.
 * @cssprop --vendor-radius - Card and image corners.
 * @example
 * <vendor-news api-base="https://portal.example.com/api/v1" browse-url="/blog/"></vendor-news>
 */
export const VendorNewsElement = createVendorElement<NewsProps>(News, {
  styles,
  attributes: { browseUrl: 'string', category: 'number', heading: 'string' },
});
