export { type CommonElementProps, createVendorElement } from './create-element';
export { defineOnce } from './define-once';
export { ElementSubtitle, ElementTitle, type ElementTitleProps } from './ElementTitle';
export { type ElementHost, useElementHost, type VendorEventName, vendorEvent } from './host-context';
export { useLeaveTo } from './navigation';
export { sharedStyles } from './styles';
export { adoptStyles, useStyles } from './use-styles';
