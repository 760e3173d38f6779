import { createReactEdition } from '../../shared/element/react-edition';
import { Checkout as CheckoutView } from './Checkout';
import styles from './checkout.css?inline';

/** `<Checkout />` for React hosts: the same view as `<vendor-checkout>`, in its own shadow root. */
export const Checkout = createReactEdition(CheckoutView, styles);
export type { CheckoutProps } from './Checkout';
