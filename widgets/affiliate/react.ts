import { createReactEdition } from '../../shared/element/react-edition';
import { Affiliate as AffiliateView } from './Affiliate';
import styles from './affiliate.css?inline';

/** `<Affiliate />` for React hosts: the same view as `<vendor-affiliate>`, in its own shadow root. */
export const Affiliate = createReactEdition(AffiliateView, styles);
export type { AffiliateProps } from './Affiliate';
