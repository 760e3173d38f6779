/** The brands with their own icon (spec §3 Card); any other brand gets the generic one. */
const brands: Record<string, { label: string; short: string; color: string }> = {
  amex: { label: 'American Express', short: 'AMEX', color: '#1f72cd' },
  mastercard: { label: 'Mastercard', short: 'MC', color: '#eb001b' },
  visa: { label: 'Visa', short: 'VISA', color: '#1a1f71' },
  diners: { label: 'Diners Club', short: 'DC', color: '#0079be' },
  discover: { label: 'Discover', short: 'DISC', color: '#ff6000' },
  jcb: { label: 'JCB', short: 'JCB', color: '#0e4c96' },
  unionpay: { label: 'UnionPay', short: 'UP', color: '#d10429' },
};

/** The brand's name for people ('Visa'), or 'Card' for an unknown brand. */
export function brandLabel(brand: string): string {
  return brands[brand.toLowerCase()]?.label ?? 'Card';
}

/** A small card-shaped icon in the brand's colour with its mark; decorative (the text names the brand). */
export function CardBrandIcon({ brand }: { brand: string }) {
  const known = brands[brand.toLowerCase()];
  return (
    <svg
      className="card-icon"
      data-brand={known ? brand.toLowerCase() : 'generic'}
      viewBox="0 0 48 32"
      width="48"
      height="32"
      aria-hidden="true"
      focusable="false"
    >
      <rect
        x="0.5"
        y="0.5"
        width="47"
        height="31"
        rx="4"
        fill={known?.color ?? 'currentColor'}
        fillOpacity={known ? 1 : 0.12}
        stroke="currentColor"
        strokeOpacity="0.25"
      />
      {known ? (
        <text
          x="24"
          y="20"
          textAnchor="middle"
          fontSize="10"
          fontWeight="700"
          fontFamily="system-ui, sans-serif"
          fill="#fff"
        >
          {known.short}
        </text>
      ) : (
        <>
          <rect x="6" y="8" width="36" height="5" fill="currentColor" fillOpacity="0.5" />
          <rect x="6" y="20" width="14" height="4" rx="1" fill="currentColor" fillOpacity="0.5" />
        </>
      )}
    </svg>
  );
}
