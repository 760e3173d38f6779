export { type CommonElementProps, createVendorElement, sharedStyles } from './create-element';
export { defineOnce } from './define-once';
export { type ElementHost, useElementHost, type VendorEventName, vendorEvent } from './host-context';
