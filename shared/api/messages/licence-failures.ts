/** Why a licence takes no new site: the add-site call's refusals, and what Manage Sites says instead of offering it. */
export const licenceFailures = {
  expired: 'This license has expired. Renew it to add sites.',
  notActive: 'This license is not active.',
} as const;
