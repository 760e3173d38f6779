import { defineOnce } from '../../shared/element/define-once';
import { VendorPurchasesElement } from './element';

defineOnce('vendor-purchases', VendorPurchasesElement);
