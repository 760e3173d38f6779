/**
 * The portal's paths (spec §2 route table), stated once: the portal's route table (portal/routes.ts)
 * is built from these patterns, and the elements and the portal build their links with the functions
 * below, so a path changed here changes everywhere.
 */
export const portalPatterns = {
  signIn: '/auth/sign-in',
  forgetPass: '/auth/forget-pass',
  resetPassword: '/auth/reset-password',
  affiliateRegistration: '/auth/affiliate-registration',
  createCompany: '/auth/create-company-form',
  dashboard: '/user/dashboard',
  adminDashboard: '/user/admin_user/dashboard',
  download: '/user/download',
  myProducts: '/user/my-products',
  subscription: '/user/subscription',
  purchaseHistory: '/user/purchase-history',
  myTickets: '/user/my-tickets',
  affiliate: '/user/affiliate',
  profile: '/user/profile',
  adminProfile: '/user/admin_user/profile',
  manage: '/user/manage',
  manageSite: '/user/manage-site/:id',
  manageLicense: '/user/manage-license/:paymentId',
  upgradeLicense: '/user/upgrade-license',
  generateInvoice: '/user/generate-invoice/:paymentId',
  conversations: '/user/conversations/:id',
  checkout: '/checkout',
  paymentSuccess: '/payment-success',
  paymentFailed: '/payment-failed',
  downloadLanding: '/download',
} as const;

export type PortalRouteKey = keyof typeof portalPatterns;

/** A pattern's `:params` filled in (encoded), e.g. `/user/manage-license/:paymentId` → `/user/manage-license/42`. */
function fill(pattern: string, params: Record<string, string | number>): string {
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) =>
    encodeURIComponent(String(params[name] ?? '')),
  );
}

/** The sign-in page, with where to go back to after signing in. */
export const signInPath = (redirect?: string) =>
  redirect === undefined
    ? portalPatterns.signIn
    : `${portalPatterns.signIn}?redirect=${encodeURIComponent(redirect)}`;

export const manageLicensePath = (paymentId: number | string) =>
  fill(portalPatterns.manageLicense, { paymentId });

/** A purchase's sites; `licenseId` picks one licence of a bundle purchase. */
export const manageSitePath = (paymentId: number | string, licenseId?: number | string) => {
  const base = fill(portalPatterns.manageSite, { id: paymentId });
  return licenseId === undefined ? base : `${base}?license_id=${encodeURIComponent(String(licenseId))}`;
};

export const upgradeLicensePath = (licenseId: number | string) =>
  `${portalPatterns.upgradeLicense}?license_id=${encodeURIComponent(String(licenseId))}`;

export const generateInvoicePath = (paymentId: number | string) =>
  fill(portalPatterns.generateInvoice, { paymentId });

/** The profile's Billing & Payment Methods tab, where the saved cards are (its `?tab=`, profile-query.ts). */
export const profileCardsPath = `${portalPatterns.profile}?tab=billing`;

export const conversationPath = (id: number | string) => fill(portalPatterns.conversations, { id });

/** The conversation path as a link template, as `<vendor-tickets conversation-url>` takes it. */
export const conversationUrlTemplate = portalPatterns.conversations.replace(':id', '{id}');

/**
 * A `/user/…` path as a link relative to another `/user/…` page (spec §2 Purchase History: "Relative
 * links go to generate-invoice/{id} and manage-license/{id}").
 */
export const relativeToUserPage = (path: string) => path.replace(/^\/user\//, '');
