import { createVendorElement } from '../../shared/element/create-element';
import uiStyles from '../../shared/ui/ui.css?inline';
import { Tickets, type TicketsProps } from './Tickets';
import styles from './tickets.css?inline';

/** The `<vendor-tickets>` class; `define.ts` registers it. */
export const VendorTicketsElement = createVendorElement<TicketsProps>(Tickets, {
  styles: `${uiStyles}\n${styles}`,
  attributes: { conversationId: 'number', conversationUrl: 'string' },
});
