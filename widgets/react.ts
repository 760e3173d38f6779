/**
 * The React edition (`<package>/react`): every view as a React component for React hosts, rendered by
 * the host's own React (a peer dependency) inside a shadow root, with the same styles and events.
 */
export type { ReactEditionProps } from '../shared/element/react-edition';
export { Affiliate, type AffiliateProps } from './affiliate/react';
export { Checkout, type CheckoutProps } from './checkout/react';
export { Downloads, type DownloadsProps } from './downloads/react';
export { Licenses, type LicensesProps } from './licenses/react';
export { Manager, type ManagerProps } from './manager/react';
export { News, type NewsProps } from './news/react';
export { PaymentResult, type PaymentResultProps } from './payment-result/react';
export { Profile, type ProfileProps } from './profile/react';
export { Purchases, type PurchasesProps } from './purchases/react';
export { Reports, type ReportsProps } from './reports/react';
export { SignIn, type SignInProps } from './sign-in/react';
export { Subscriptions, type SubscriptionsProps } from './subscriptions/react';
export { Tickets, type TicketsProps } from './tickets/react';
