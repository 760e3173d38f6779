import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { useElementHost } from '../../shared/element';
import type { CartStore } from '../../shared/stores/cart';
import { Button } from '../../shared/ui/Button';

/**
 * The promo code box (spec §4, §5): Apply locks it and shows APPLIED; the close icon removes the
 * coupon and clears the code; an empty code shows 'Please insert coupon code'.
 */
export function PromoCode({ store }: { store: CartStore }) {
  const { promo, status } = useStore(store.$cart);
  const { emit } = useElementHost();
  const inputId = useId();
  const messageId = useId();

  const apply = async () => {
    const answer = await store.applyCoupon();
    if (answer)
      emit('vendor-coupon-applied', { code: answer.code, type: answer.type, amount: answer.amount });
  };

  return (
    <form
      className="co__card co__promo"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!promo.applied) void apply();
      }}
    >
      <label htmlFor={inputId}>Promo code</label>
      <div className="co__row">
        <input
          id={inputId}
          value={promo.code}
          readOnly={promo.applied}
          aria-invalid={promo.message ? true : undefined}
          aria-describedby={promo.message ? messageId : undefined}
          onChange={(event) => store.setPromoCode(event.currentTarget.value)}
        />
        {promo.applied ? (
          <>
            <span className="co__applied">APPLIED</span>
            <button
              type="button"
              className="co__icon"
              aria-label="Remove coupon"
              onClick={() => void store.removeCoupon()}
            >
              ×
            </button>
          </>
        ) : (
          <Button type="submit" variant="secondary" loading={status === 'coupon-processing'}>
            Apply
          </Button>
        )}
      </div>
      {promo.message && (
        <p id={messageId} className="co__error" role="alert">
          {promo.message}
        </p>
      )}
    </form>
  );
}
