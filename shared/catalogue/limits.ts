/** Field limits of spec §5 and §9. The form schemas and the file-name formatter read them from here. */
export const fieldLimits = {
  /** First and last name. */
  name: 60,
  displayName: 100,
  billingName: 100,
  /** Billing address lines 1 and 2. */
  address: 255,
  city: 60,
  zip: 24,
  passwordMin: 8,
  promotionMin: 20,
  /** Attachment names longer than `max` show as the first `head` + '...' + the last `tail`. */
  attachmentName: { max: 20, head: 9, tail: 7 },
} as const;
