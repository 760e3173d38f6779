import { describe, expect, it } from 'vitest';
import { firstPaintText, pageTitle } from './page-title';

describe('pageTitle', () => {
  it('names the route first, the product after', () => {
    expect(pageTitle('/checkout')).toBe('Checkout · Vendor Account');
    expect(pageTitle('/user/my-products')).toBe('My Products · Vendor Account');
    expect(pageTitle('/user/my-products/')).toBe('My Products · Vendor Account');
    expect(pageTitle('/user/manage-license/12')).toBe('Manage License · Vendor Account');
    expect(pageTitle('/auth/sign-in')).toBe('Sign In · Vendor Account');
  });

  it('is the product alone where no route matches', () => {
    expect(pageTitle('/')).toBe('Vendor Account');
    expect(pageTitle('/user/nowhere')).toBe('Vendor Account');
  });
});

describe('firstPaintText', () => {
  it('speaks of an account only on the account pages', () => {
    expect(firstPaintText('/user/dashboard')).toBe('Loading your account…');
    expect(firstPaintText('/')).toBe('Loading your account…');
    expect(firstPaintText('/checkout')).toBe('Loading…');
    expect(firstPaintText('/download')).toBe('Loading…');
    expect(firstPaintText('/auth/sign-in')).toBe('Loading…');
  });
});
