import { defineOnce } from '../../shared/element/define-once';
import { VendorPaymentResultElement } from './element';

defineOnce('vendor-payment-result', VendorPaymentResultElement);
