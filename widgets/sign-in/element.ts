import { createVendorElement } from '../../shared/element/create-element';
import twoFactorStyles from '../../shared/ui/two-factor/two-factor.css?inline';
import { SignIn, type SignInProps } from './SignIn';
import styles from './sign-in.css?inline';

/**
 * `<vendor-sign-in>`: sign-in with every two-factor step (authenticator, e-mail code, recovery code,
 * forced setup with recovery-code download), forgot password and reset password (spec §2, §4, §5).
 *
 * After signing in it dispatches `vendor-signed-in`, then `vendor-navigate` with the destination (the
 * same-origin `redirect`, else the dashboard of the account type); unless a listener calls
 * `preventDefault()`, it goes there with `location.assign`. Links between its own views (forgot, back to
 * login) also dispatch `vendor-navigate` first and otherwise switch the view in place.
 *
 * @tagname vendor-sign-in
 * @summary Sign-in with two-factor authentication, forgot password and reset password.
 * @attr {string} api-base - The vendor API v1 base URL, absolute when the page is on another origin. Default: the page's origin + `/api/v1`.
 * @attr {'light'|'dark'|'auto'} [theme=light] - Colour scheme; `auto` follows the visitor's system setting.
 * @attr {'sign-in'|'forgot'|'reset'} [view=sign-in] - The view shown; `reset` reads `key` and `user` from the page URL.
 * @attr {string} redirect - Where to go after signing in (same-origin paths only). Default: the page's `?redirect=`.
 * @fires {SessionUser} vendor-signed-in - Signed in; `detail` is the session user (`id`, `name`, `email`, `accountType`, `is_customer`, `twoFA`, `activeProfile`, …).
 * @fires {null} vendor-signed-out - After the visitor signed out with the 'Sign out' button shown to a signed-in visitor.
 * @fires {{ path: string }} vendor-navigate - Cancelable, before going to the destination after sign-in or to another view; `preventDefault()` keeps the element from navigating.
 * @csspart form - The sign-in, forgot or reset form.
 * @csspart field - A labelled field.
 * @csspart field-error - A field's error message.
 * @csspart button - A button.
 * @csspart copy-status - The confirmation beside a copy button (recovery codes).
 * @csspart modal - The two-factor dialog.
 * @csspart modal-title - The dialog's title.
 * @csspart modal-body - The dialog's content.
 * @csspart modal-footer - The dialog's buttons.
 * @csspart skeleton - A loading placeholder.
 * @csspart toasts - The region of toast messages.
 * @csspart toast - One toast message.
 * @cssprop --vendor-color-primary - Buttons and links.
 * @cssprop --vendor-color-surface - The form's background.
 * @cssprop --vendor-radius - Corners.
 * @example
 * <vendor-sign-in api-base="https://portal.example.com/api/v1" redirect="/account/"></vendor-sign-in>
 */
export const VendorSignInElement = createVendorElement<SignInProps>(SignIn, {
  styles: `${twoFactorStyles}\n${styles}`,
  attributes: { view: 'string', redirect: 'string' },
});
