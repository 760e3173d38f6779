import addressStyles from '../../shared/ui/billing-address.css?inline';
import twoFactorStyles from '../../shared/ui/two-factor/two-factor.css?inline';
import styles from './profile.css?inline';

/** Everything the element renders: the UI primitives first, then the shared pieces, then its own. */
export const profileStyles = `${addressStyles}\n${twoFactorStyles}\n${styles}`;
