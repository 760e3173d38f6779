/** The generic rules of spec §5. */
export const ruleMessages = {
  required: (field: string) => `${field} is required`,
  minLength: (min: number) => `must be greater than ${min} character`,
  maxLength: (field: string, max: number) => `The length of ${field} must be under ${max} character`,
  match: (field: string, other: string) => `The ${field} must match with ${other}`,
  /**
   * The spec gives the generic email and username rules no text of their own; where a form names none
   * (profile and affiliate account e-mail) we use the checkout's and the affiliate form's wording.
   */
  email: 'Please insert a valid email',
  username: 'Username must not contain space',
} as const;
