/**
 * The screen texts of the views `<vendor-licenses>` loads on demand: Manage License, Manage Sites, Upgrade
 * License and the bundle modal (spec §2, word for word). Texts My Products shows too stay in texts.ts.
 */
export const viewTexts = {
  bundleTitle: (name: string) => `Download items in ${name}`,
  showDownloads: 'Show Downloads',
  backToDownloads: 'Back to downloads',
  close: 'Close',
  noDownloads: 'No downloads found',
  manageLicense: 'Manage License',
  renewLicenseLink: 'Renew license',
  viewUpgrade: 'View Upgrade',
  noUpgrades: 'No upgrades',
  addSite: 'Add Site',
  deactivateSite: 'Deactivate Site',
  noSites: 'No active sites found',
  siteUrl: 'Site URL',
  siteInputDefault: 'http://',
  upgradeLicense: 'Upgrade License',
  upgradeCost: 'Upgrade Cost',
} as const;
