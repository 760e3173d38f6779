import { useMemo } from 'react';
import { apiFor } from '../../shared/api';
import { type PurchaseStore, purchaseStoreFor } from '../../shared/stores/licence-purchases';
import { useApiBase } from './api-base';

/** The page's store of one purchase for this element's API (Manage License and Manage Sites share it). */
export function usePurchaseStore(paymentId: number): PurchaseStore {
  const apiBase = useApiBase();
  return useMemo(() => purchaseStoreFor(apiFor(apiBase), paymentId), [apiBase, paymentId]);
}
