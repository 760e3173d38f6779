import { createReactEdition } from '../../shared/element/react-edition';
import twoFactorStyles from '../../shared/ui/two-factor/two-factor.css?inline';
import { SignIn as SignInView } from './SignIn';
import styles from './sign-in.css?inline';

/** `<SignIn />` for React hosts: the same view as `<vendor-sign-in>`, in its own shadow root. */
export const SignIn = createReactEdition(SignInView, `${twoFactorStyles}\n${styles}`);
export type { SignInProps } from './SignIn';
