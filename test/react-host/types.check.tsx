import { Checkout, type CheckoutProps, News } from 'vendor-portal/react';

/*
 * Type-checked, never built: the emitted declarations type the components' props, so a mistake a
 * consumer could make is an error. Each @ts-expect-error fails the check if the types let it through.
 */

// @ts-expect-error download-id is a number, not a string.
export const wrongType = <Checkout downloadId="12" />;

// @ts-expect-error a prop the checkout does not take.
export const unknownProp = <News apiBase="/api/v1" productId={3} />;

export const props: CheckoutProps = { downloadId: 12, priceId: 2, portalUrl: 'https://portal.example.com' };
export const typed = (
  <Checkout {...props} theme="auto" onVendorEvent={(name) => name.startsWith('vendor-')} />
);
