import { defineOnce } from '../../shared/element/define-once';
import { VendorCheckoutElement } from './element';

defineOnce('vendor-checkout', VendorCheckoutElement);
