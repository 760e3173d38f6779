import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { aiChatbotAddon, aiChatbotPriceIds, downloadIds } from '../../shared/catalogue';
import { formatMoney } from '../../shared/format/money';
import type { CartStore } from '../../shared/stores/cart';

const priceOf = (priceId: number) => aiChatbotAddon.tiers.find((t) => t.priceId === priceId)?.price ?? 0;

/**
 * The AI chatbot add-on on the documentation product (spec §4): a checkbox adds or removes it; the
 * monthly/yearly toggle switches price id 1 ↔ 2, with 'update' when it is already in the cart.
 */
export function AiAddon({ store }: { store: CartStore }) {
  const { cart } = useStore(store.$cart);
  const line = cart?.details.find((d) => d.id === downloadIds.aiChatbot);
  const [yearlyChoice, setYearlyChoice] = useState(false);
  const yearly = line ? line.options.price_id === aiChatbotPriceIds.yearly : yearlyChoice;
  const name = useId();

  const choose = (nextYearly: boolean) => {
    setYearlyChoice(nextYearly);
    if (line) void store.setAiAddon(true, nextYearly);
  };

  return (
    <div className="co__extra">
      <label className="co__check">
        <input
          type="checkbox"
          checked={Boolean(line)}
          onChange={(e) => void store.setAiAddon(e.currentTarget.checked, yearly)}
        />
        Add the {aiChatbotAddon.name}: AI answers from your documentation
      </label>
      <fieldset className="co__toggle">
        <legend className="vendor-visually-hidden">{aiChatbotAddon.name} billing</legend>
        <label>
          <input type="radio" name={name} checked={!yearly} onChange={() => choose(false)} />
          Monthly {formatMoney(priceOf(aiChatbotPriceIds.monthly))}
        </label>
        <label>
          <input type="radio" name={name} checked={yearly} onChange={() => choose(true)} />
          Yearly {formatMoney(priceOf(aiChatbotPriceIds.yearly))}
        </label>
      </fieldset>
    </div>
  );
}
