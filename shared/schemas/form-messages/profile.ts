export const profileMessages = {
  firstNameRequired: 'First name is required',
  firstNameTooLong: 'Fist name should not be more than 60 characters',
  lastNameRequired: 'Last name is required',
  lastNameTooLong: 'Last name should not be more than 60 characters',
  displayNameRequired: 'Display name is required',
  displayNameTooLong: 'Display name should not be more than 100 characters',
  emailRequired: 'Email is required',
} as const;
