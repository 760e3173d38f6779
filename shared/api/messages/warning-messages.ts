export const warningMessages = {
  twoFactorRequired: '2FA Authentication Required',
  cannotRemoveDefaultCard:
    'You can not remove a default card. Please set another card as default to continue billing.',
} as const;
