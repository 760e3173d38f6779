import { defineOnce } from '../../shared/element/define-once';
import { VendorNewsElement } from './element';

defineOnce('vendor-news', VendorNewsElement);
