import { defineOnce } from '../../shared/element/define-once';
import { VendorReportsElement } from './element';

defineOnce('vendor-reports', VendorReportsElement);
