import { legalLinks } from '../catalogue/legal';

/**
 * The words of the one agreement box (spec §5, §9: terms and privacy policy are linked), shared by the
 * checkout and the affiliate registration. The documents open in a new tab so the form keeps its input.
 */
export function AgreementLabel() {
  return (
    <>
      I agree to the{' '}
      <a href={legalLinks.terms} target="_blank" rel="noopener">
        Terms &amp; Conditions
      </a>{' '}
      and{' '}
      <a href={legalLinks.privacyPolicy} target="_blank" rel="noopener">
        Privacy Policy
      </a>
    </>
  );
}
