import { describe, expect, it } from 'vitest';
import {
  forgotPasswordRequestSchema,
  forgotPasswordSchema,
  isStrongPassword,
  resetPasswordFormSchema,
  resetPasswordRequestSchema,
  signInFormSchema,
  twoFactorCodeSchema,
} from './auth';
import { fieldErrors } from './field-errors';

describe('sign-in form', () => {
  it('empty fields', () => {
    expect(fieldErrors(signInFormSchema, { email: ' ', password: '' })).toEqual({
      email: "Email can't be empty",
      password: "Password can't be empty",
    });
    expect(fieldErrors(signInFormSchema, {})).toEqual({
      email: "Email can't be empty",
      password: "Password can't be empty",
    });
  });
  it('invalid email', () => {
    expect(fieldErrors(signInFormSchema, { email: 'john', password: 'x' })).toEqual({
      email: 'Email is not valid',
    });
  });
  it('passes valid input and trims the email but not the password', () => {
    expect(fieldErrors(signInFormSchema, { email: ' jo@example.com ', password: ' pw ' })).toEqual({});
  });
});

describe('2FA code', () => {
  it("empty: 'Please insert verification code'", () => {
    expect(fieldErrors(twoFactorCodeSchema, { code: '  ' })).toEqual({
      code: 'Please insert verification code',
    });
  });
  it('passes any non-empty code (no length check)', () => {
    expect(fieldErrors(twoFactorCodeSchema, { code: '12' })).toEqual({});
  });
});

describe('forgot password', () => {
  it('required and valid', () => {
    expect(fieldErrors(forgotPasswordSchema, { email: '' })).toEqual({ email: 'Email is required' });
    expect(fieldErrors(forgotPasswordSchema, { email: 'nope' })).toEqual({
      email: 'Please insert a valid email',
    });
    expect(fieldErrors(forgotPasswordRequestSchema, { user: 'nope' })).toEqual({
      user: 'Please insert a valid email',
    });
  });
  it('passes a valid email', () => {
    expect(fieldErrors(forgotPasswordSchema, { email: 'jo@example.com' })).toEqual({});
    expect(fieldErrors(forgotPasswordRequestSchema, { user: 'jo@example.com' })).toEqual({});
  });
});

describe('reset password', () => {
  const weak =
    'Password must contain 1 lowercase, 1 uppercase,1 number and it must be 8 characters or longer';
  it('empty fields', () => {
    expect(fieldErrors(resetPasswordFormSchema, { password: '', password_confirmation: '' })).toEqual({
      password: "Password can't be empty",
      password_confirmation: "Confirm password can't be empty",
    });
  });
  it.each(['abcdefg1', 'ABCDEFG1', 'Abcdefgh', 'Abcde1'])('weak password %s', (password) => {
    expect(fieldErrors(resetPasswordFormSchema, { password, password_confirmation: password })).toEqual({
      password: weak,
    });
  });
  it('mismatch', () => {
    expect(
      fieldErrors(resetPasswordFormSchema, { password: 'Abcdefg1', password_confirmation: 'Abcdefg2' }),
    ).toEqual({
      password_confirmation: 'Confirm password does not match with the password',
    });
  });
  it('passes a strong matching password', () => {
    expect(
      fieldErrors(resetPasswordFormSchema, { password: 'Abcdefg1', password_confirmation: 'Abcdefg1' }),
    ).toEqual({});
    expect(isStrongPassword('aB3aaaaa')).toBe(true);
  });
  it('validates the call body with the same rules', () => {
    const body = { key: 'k', user: 'jo', action: 'rp', new_pass: 'Abcdefg1', new_pass_2: 'Abcdefg1' };
    expect(fieldErrors(resetPasswordRequestSchema, body)).toEqual({});
    expect(fieldErrors(resetPasswordRequestSchema, { ...body, new_pass_2: 'x' })).toEqual({
      new_pass_2: 'Confirm password does not match with the password',
    });
    expect(
      fieldErrors(resetPasswordRequestSchema, { ...body, new_pass: 'weak', new_pass_2: 'weak' }),
    ).toEqual({
      new_pass: weak,
    });
  });
});
