import { defineOnce } from '../../shared/element/define-once';
import { VendorAffiliateElement } from './element';

defineOnce('vendor-affiliate', VendorAffiliateElement);
