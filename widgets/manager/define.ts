import { defineOnce } from '../../shared/element/define-once';
import { VendorManagerElement } from './element';

defineOnce('vendor-manager', VendorManagerElement);
