import { useStore } from '@nanostores/react';
import { useId } from 'react';
import {
  aiChatbotHostDownloadId,
  downloadIds,
  findProduct,
  splitPaymentProduct,
} from '../../shared/catalogue';
import { formatMoney } from '../../shared/format/money';
import type { CartDetail } from '../../shared/schemas/cart';
import type { CartStore } from '../../shared/stores/cart';
import { AiAddon } from './AiAddon';
import { periodSuffix } from './money';
import { SplitPayment } from './SplitPayment';

/** The cart lines: image, name, tier (switchable for a new purchase), price, and remove. */
export function CartItems({ store }: { store: CartStore }) {
  const { cart } = useStore(store.$cart);
  if (!cart) return null;
  const splitShown = cart.splits.length > 0;
  return (
    <ul className="co__lines">
      {cart.details.map((detail, index) => (
        <li key={`${detail.id}:${detail.options.license_key ?? ''}`} className="co__card">
          <CartLine detail={detail} index={index} store={store} />
          {detail.id === aiChatbotHostDownloadId && <AiAddon store={store} />}
          {splitShown && detail.id === splitPaymentProduct.downloadId && <SplitPayment store={store} />}
        </li>
      ))}
    </ul>
  );
}

function CartLine({ detail, index, store }: { detail: CartDetail; index: number; store: CartStore }) {
  const selectId = useId();
  const product = findProduct(detail.id);
  // Tiers switch only on a plain purchase of a product sold in tiers (not the add-on, a split, a renewal).
  const switchable =
    product &&
    product.tiers.length > 1 &&
    detail.id !== downloadIds.aiChatbot &&
    detail.options.recurring?.period !== 'month' &&
    !detail.options.is_renewal &&
    !detail.options.is_upgrade;
  return (
    <div className="co__line">
      {detail.item_number.image ? (
        <img className="co__thumb" src={detail.item_number.image} alt="" width="56" height="56" />
      ) : (
        <span className="co__thumb" />
      )}
      <div className="co__grow">
        <p className="co__name">
          {detail.name}
          {detail.options.is_renewal && <span className="co__tag">Renewal</span>}
          {detail.options.is_upgrade && <span className="co__tag">Upgrade</span>}
        </p>
        {switchable ? (
          <>
            <label className="vendor-visually-hidden" htmlFor={selectId}>
              Plan for {detail.name}
            </label>
            <select
              id={selectId}
              value={detail.options.price_id}
              onChange={(event) => void store.updateProduct(detail.id, Number(event.currentTarget.value))}
            >
              {product.tiers.map((tier) => (
                <option key={tier.priceId} value={tier.priceId}>
                  {tier.name} – {formatMoney(tier.price)}
                </option>
              ))}
            </select>
          </>
        ) : (
          <p className="co__muted">{detail.price_name}</p>
        )}
      </div>
      <p className="co__amount">
        {detail.discount > 0 && <s className="co__muted">{formatMoney(detail.item_price)}</s>}{' '}
        {formatMoney(detail.subtotal)}
        <span className="co__muted">{periodSuffix(detail.options.recurring)}</span>
      </p>
      <button
        type="button"
        className="co__icon"
        aria-label={`Remove ${detail.name}`}
        onClick={() => void store.removeLine(index)}
      >
        ×
      </button>
    </div>
  );
}
