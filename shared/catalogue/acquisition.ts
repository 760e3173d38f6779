/** The ten answers to "how did you find us" (spec §3), in the order the select lists them. */
export const acquisitionMethods = [
  'wordpress',
  'free-plugin',
  'google',
  'facebook-group',
  'email-newsletter',
  'advertisement',
  'from-friend',
  'online-discussion',
  'blog-article',
  'other',
] as const;
export type AcquisitionMethod = (typeof acquisitionMethods)[number];

/** Human labels (ours; the spec names only the values). */
export const acquisitionLabels: Readonly<Record<AcquisitionMethod, string>> = {
  wordpress: 'WordPress.org',
  'free-plugin': 'Free Plugin',
  google: 'Google Search',
  'facebook-group': 'Facebook Group',
  'email-newsletter': 'Email Newsletter',
  advertisement: 'Advertisement',
  'from-friend': 'From a Friend',
  'online-discussion': 'Online Discussion',
  'blog-article': 'Blog Article',
  other: 'Other',
};

/** Value/label pairs for the select. */
export const acquisitionOptions: readonly { value: AcquisitionMethod; label: string }[] =
  acquisitionMethods.map((value) => ({ value, label: acquisitionLabels[value] }));

/** A signed-in user is not asked; the checkout sends this (spec §9). */
export const defaultAcquisitionForSignedIn: AcquisitionMethod = 'other';
