import { createReactEdition } from '../../shared/element/react-edition';
import { Tickets as TicketsView } from './Tickets';
import styles from './tickets.css?inline';

/** `<Tickets />` for React hosts: the same view as `<vendor-tickets>`, in its own shadow root. */
export const Tickets = createReactEdition(TicketsView, styles);
export type { TicketsProps } from './Tickets';
