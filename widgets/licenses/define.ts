import { defineOnce } from '../../shared/element/define-once';
import { VendorLicensesElement } from './element';

defineOnce('vendor-licenses', VendorLicensesElement);
