import { defineOnce } from '../../shared/element/define-once';
import { VendorTicketsElement } from './element';

defineOnce('vendor-tickets', VendorTicketsElement);
