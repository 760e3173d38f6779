import { defineOnce } from '../../shared/element/define-once';
import { VendorPortalElement } from './element';

defineOnce('vendor-portal', VendorPortalElement);
