import { useId, useState } from 'react';
import { type CatalogueProduct, catalogueProducts } from '../../shared/catalogue';
import { useOwnStyles } from '../../shared/element/use-styles';
import type { CartStore } from '../../shared/stores/cart';
import { Button } from '../../shared/ui/Button';
import emptyCartStyles from './empty-cart.css?inline';
import { tierPriceText } from './money';

/** The empty-cart page (spec §2): the message and the product grid with a plan selector each. */
export function EmptyCart({ store }: { store: CartStore }) {
  useOwnStyles(emptyCartStyles);
  return (
    <section className="co__empty" aria-labelledby="co-empty-title">
      <h2 id="co-empty-title">Your Cart is Empty</h2>
      <p className="co__muted">
        Looks like you haven't added any Products to your Cart yet, you can add products from below.
      </p>
      <ul className="co__grid">
        {catalogueProducts.map((product) => (
          <ProductCard key={product.downloadId} product={product} store={store} />
        ))}
      </ul>
    </section>
  );
}

function ProductCard({ product, store }: { product: CatalogueProduct; store: CartStore }) {
  const [priceId, setPriceId] = useState(product.tiers[0]?.priceId ?? 1);
  const [adding, setAdding] = useState(false);
  const selectId = useId();
  const tier = product.tiers.find((t) => t.priceId === priceId) ?? product.tiers[0];
  if (!tier) return null;
  const { price, perMonth } = tierPriceText(tier);
  const add = async () => {
    setAdding(true);
    await store.addProduct(product.downloadId, priceId);
    setAdding(false);
  };
  return (
    <li className="co__card co__product" part="product">
      <h3>{product.name}</h3>
      <label htmlFor={selectId}>Plan</label>
      <select
        id={selectId}
        value={priceId}
        onChange={(event) => setPriceId(Number(event.currentTarget.value))}
      >
        {product.tiers.map((t) => (
          <option key={t.priceId} value={t.priceId}>
            {t.name}
          </option>
        ))}
      </select>
      <p className="co__price">
        {price}
        {perMonth && <span className="co__muted"> ({perMonth})</span>}
      </p>
      <ul className="co__bullets">
        {tier.description.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <Button loading={adding} onClick={() => void add()}>
        Add to Cart
      </Button>
    </li>
  );
}
