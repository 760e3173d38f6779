import type { ApiClient } from '../../shared/api/client';
import type { CartStore } from '../../shared/stores/cart';
import { lazyComponent } from '../../shared/ui/lazy-component';
import { Skeleton } from '../../shared/ui/Skeleton';

/*
 * The payment column (billing form, address fields with their country and state lists, form rules,
 * toasts: ≈ 9 KB gzip) is its own chunk, fetched only once a cart has lines; a visitor who sees the
 * empty-cart grid never downloads it. The skeleton keeps the column's height meanwhile.
 */
export const LazyPaymentForm = lazyComponent<{ store: CartStore; api: ApiClient }>(
  () => import('./PaymentForm').then((module) => module.PaymentForm),
  <div className="co__card" aria-busy="true">
    <Skeleton height="52rem" />
  </div>,
);
