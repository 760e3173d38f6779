import { createReactEdition } from '../../shared/element/react-edition';
import { PaymentResult as PaymentResultView } from './PaymentResult';
import styles from './payment-result.css?inline';

/** `<PaymentResult />` for React hosts: the same view as `<vendor-payment-result>`, in its own shadow root. */
export const PaymentResult = createReactEdition(PaymentResultView, styles);
export type { PaymentResultProps } from './PaymentResult';
