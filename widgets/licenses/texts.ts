/**
 * The screen texts of `<vendor-licenses>` that My Products and the element itself show (spec §2, word for
 * word); the views loaded on demand bring theirs (view-texts.ts). Failures live in shared/api/messages.
 */
export const texts = {
  myProducts: 'My Products',
  noProducts: 'No Available Product found in your account.',
  download: 'Download',
  manageSites: 'Manage Sites',
  renewLicense: 'Renew License',
  viewUpgrades: 'View Upgrades',
  noUpgradesButton: 'No Upgrades',
  back: 'Back',
  noLicense: 'No license found',
  noUpgradesFound: 'No upgrades found',
  unlimited: 'Unlimited',
} as const;
