import { lazy, Suspense } from 'react';
import type { ApiClient } from '../../shared/api/client';
import type { CartStore } from '../../shared/stores/cart';
import { Skeleton } from '../../shared/ui/Skeleton';

/*
 * The payment column (billing form, address fields with their country and state lists, form rules,
 * toasts: ≈ 9 KB gzip) is its own chunk, fetched only once a cart has lines; a visitor who sees the
 * empty-cart grid never downloads it. The skeleton keeps the column's height meanwhile.
 */
const PaymentForm = lazy(() => import('./PaymentForm').then((module) => ({ default: module.PaymentForm })));

export function LazyPaymentForm(props: { store: CartStore; api: ApiClient }) {
  return (
    <Suspense
      fallback={
        <div className="co__card" aria-busy="true">
          <Skeleton height="52rem" />
        </div>
      }
    >
      <PaymentForm {...props} />
    </Suspense>
  );
}
