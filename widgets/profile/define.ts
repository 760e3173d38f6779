import { defineOnce } from '../../shared/element/define-once';
import { VendorProfileElement } from './element';

defineOnce('vendor-profile', VendorProfileElement);
