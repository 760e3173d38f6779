import { defineOnce } from '../../shared/element/define-once';
import { VendorDownloadsElement } from './element';

defineOnce('vendor-downloads', VendorDownloadsElement);
