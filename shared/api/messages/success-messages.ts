export const successMessages = {
  passwordReset: 'Your password reset successfully',
  forgetPasswordRequest: 'Forget password request success',
  resetLinkSent: 'A reset password link have been sent to your email, please check your email.',
  profileUpdated: 'Profile updated successfully',
  subscriptionCanceled: 'Subscription canceled successfully',
  subscriptionReactivated: 'Subscription reactivated successfully',
  csvExported: 'CSV exported successfully',
  recoveryCodeDownloaded: 'Your recovery code is downloaded.',
  affiliateRegistered: 'Successfully registered, please check your email.',
  cardAdded: 'Added card successfully.',
} as const;
