import { defineOnce } from '../../shared/element/define-once';
import { VendorSignInElement } from './element';

defineOnce('vendor-sign-in', VendorSignInElement);
