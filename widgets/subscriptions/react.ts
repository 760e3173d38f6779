import { createReactEdition } from '../../shared/element/react-edition';
import { Subscriptions as SubscriptionsView } from './Subscriptions';
import styles from './subscriptions.css?inline';

/** `<Subscriptions />` for React hosts: the same view as `<vendor-subscriptions>`, in its own shadow root. */
export const Subscriptions = createReactEdition(SubscriptionsView, styles);
export type { SubscriptionsProps } from './Subscriptions';
