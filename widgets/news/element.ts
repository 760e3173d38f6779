import { createVendorElement } from '../../shared/element/create-element';
import { News, type NewsProps } from './News';
import styles from './news.css?inline';

/** The `<vendor-news>` class; `define.ts` registers it. */
export const VendorNewsElement = createVendorElement<NewsProps>(News, {
  styles,
  attributes: { browseUrl: 'string', category: 'number', heading: 'string' },
});
