/** The screen texts of `<vendor-downloads>` (spec §2, word for word where the spec quotes them). */
export const texts = {
  proDownloads: 'PRO Downloads',
  noProDownloads: 'There have no download product available.',
  freeDownloads: 'Free Downloads',
  download: 'Download',
  downloading: 'Downloading...',
  /** After a failed download, as every failure offers (LoadFailure). */
  tryAgain: 'Try again',
  startsShortly: 'Your download will start shortly.',
  signIn: 'Sign In',
  theme: 'Theme',
  plugin: 'Plugin',
} as const;
