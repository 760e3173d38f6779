import { createVendorElement } from '../../shared/element/create-element';
import twoFactorStyles from '../../shared/ui/two-factor/two-factor.css?inline';
import uiStyles from '../../shared/ui/ui.css?inline';
import { SignIn, type SignInProps } from './SignIn';
import styles from './sign-in.css?inline';

/** The `<vendor-sign-in>` class; `define.ts` registers it. */
export const VendorSignInElement = createVendorElement<SignInProps>(SignIn, {
  styles: `${uiStyles}\n${twoFactorStyles}\n${styles}`,
  attributes: { view: 'string', redirect: 'string' },
});
