import { defineOnce } from '../../shared/element/define-once';
import { VendorSubscriptionsElement } from './element';

defineOnce('vendor-subscriptions', VendorSubscriptionsElement);
