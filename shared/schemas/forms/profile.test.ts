import { describe, expect, it } from 'vitest';
import { fieldErrors } from './field-errors';
import { passwordChangeSchema, profileFormSchema } from './profile';

const valid = { first_name: 'Jo', last_name: 'Doe', display_name: 'Jo D', email: 'jo@example.com' };

describe('profile form', () => {
  it('required messages', () => {
    expect(fieldErrors(profileFormSchema, {})).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
      display_name: 'Display name is required',
      email: 'Email is required',
    });
  });
  it('length messages at 61 / 101 characters', () => {
    expect(
      fieldErrors(profileFormSchema, {
        ...valid,
        first_name: 'a'.repeat(61),
        last_name: 'a'.repeat(61),
        display_name: 'a'.repeat(101),
      }),
    ).toEqual({
      first_name: 'Fist name should not be more than 60 characters',
      last_name: 'Last name should not be more than 60 characters',
      display_name: 'Display name should not be more than 100 characters',
    });
  });
  it('invalid email', () => {
    expect(fieldErrors(profileFormSchema, { ...valid, email: 'x@' })).toEqual({
      email: 'Please insert a valid email',
    });
  });
  it('passes valid input, including the limits themselves', () => {
    expect(fieldErrors(profileFormSchema, valid)).toEqual({});
    expect(
      fieldErrors(profileFormSchema, { ...valid, first_name: 'a'.repeat(60), display_name: 'a'.repeat(100) }),
    ).toEqual({});
  });
});

describe('password change', () => {
  const current = { current_password: 'Old#2026' };
  it('empty fields, the current password among them', () => {
    expect(fieldErrors(passwordChangeSchema, { new_password: '', new_password_2: '' })).toEqual({
      current_password: 'Please enter your current password',
      new_password: 'Please enter password',
      new_password_2: 'Please confirm password',
    });
  });
  it('mismatch', () => {
    expect(
      fieldErrors(passwordChangeSchema, { ...current, new_password: 'Abcdefg1', new_password_2: 'b' }),
    ).toEqual({ new_password_2: 'Confirm password does not match, please check input.' });
  });
  it("the reset's strength rule and message", () => {
    expect(fieldErrors(passwordChangeSchema, { ...current, new_password: 'a', new_password_2: 'a' })).toEqual(
      {
        new_password:
          'Password must contain 1 lowercase, 1 uppercase,1 number and it must be 8 characters or longer',
      },
    );
    expect(
      fieldErrors(passwordChangeSchema, { ...current, new_password: 'Abcdefg1', new_password_2: 'Abcdefg1' }),
    ).toEqual({});
  });
});
