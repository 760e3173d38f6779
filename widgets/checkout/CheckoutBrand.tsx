import { safeHttpUrl } from '../../shared/api/safe-url';

/**
 * The shop's name and logo at the start of the checkout's top bar (`brand`, `brand-logo`), so a buyer sees
 * whom they pay. Nothing when neither is set.
 */
export function CheckoutBrand({ brand, logo }: { brand?: string; logo?: string }) {
  const logoUrl = safeHttpUrl(logo);
  if (!brand && !logoUrl) return null;
  return (
    <p className="co__brand" part="brand">
      {logoUrl && <img className="co__logo" src={logoUrl} alt={brand ? '' : 'Shop logo'} height={32} />}
      {brand && <span>{brand}</span>}
    </p>
  );
}
