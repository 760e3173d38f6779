export const cardFailures = {
  addCardFailed: (reason: string) => `Unable to add new card. ${reason}`,
  setDefaultCardFailed: (reason: string) => `Unable to set default card. ${reason}`,
  removeCardFailed: (reason: string) => `Unable to remove card, ${reason}`,
  addCardReturnFailed: 'Failed to add card.',
} as const;
