import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ApiClient } from '../../shared/api/client';
import { useOwnStyles } from '../../shared/element/use-styles';
import type { CartStore } from '../../shared/stores/cart';
import { createCartStorage } from '../../shared/stores/cart-storage';
import { createCheckoutDraft } from '../../shared/stores/checkout-draft';
import { createCheckoutFormStore } from '../../shared/stores/checkout-form';
import { countryHasStates, geoStoreFor } from '../../shared/stores/geo';
import { session } from '../../shared/stores/session';
import addressStyles from '../../shared/ui/billing-address.css?inline';
import { revealFirstInvalid } from '../../shared/ui/focus';
import { Toaster } from '../../shared/ui/Toast';
import { Agreements } from './Agreements';
import { BillingDetails } from './BillingDetails';
import { PayButton } from './PayButton';
import { PaymentOptions } from './PaymentOptions';
import { PersonalInfo } from './PersonalInfo';
import styles from './payment.css?inline';

/**
 * The checkout's right column (spec §2): Personal Information, Billing Details, the payment method, the
 * agreement and newsletter boxes and the pay button. Its own styles render in the tree, so the checkout
 * element ships them only with this column.
 */
export function PaymentForm({ store, api }: { store: CartStore; api: ApiClient }) {
  useOwnStyles(addressStyles, styles);
  const geo = useMemo(() => geoStoreFor(api), [api]);
  const form = useMemo(() => {
    const created = createCheckoutFormStore({
      api,
      cart: store,
      storage: createCartStorage(),
      countryHasStates: (country) => countryHasStates(geo.$states.get(), country),
      cookies: () => document.cookie,
      navigate: (url) => location.assign(url),
      draft: createCheckoutDraft(),
    });
    // The gateway rule applies from the first render, so a free cart never flashes the card options.
    created.followCart(store.$cart.get().cart);
    return created;
  }, [api, store, geo]);
  const state = useStore(form.$form);
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);
  const { status, cart } = useStore(store.$cart);
  const user = useStore(session.$user);
  const token = useStore(session.$token);

  useEffect(() => form.fillFromProfile(user), [form, user]);
  useEffect(() => store.attachBillingForm(() => form.$form.get().values), [store, form]);
  // A refused submit takes the buyer to the first field with a message, once it has rendered.
  useEffect(() => {
    if (refusals > 0 && formRef.current) revealFirstInvalid(formRef.current);
  }, [refusals]);
  useEffect(() => form.followCart(cart), [form, cart]);

  const loading = status === 'separate-loading' || status === 'coupon-processing';
  const processing = status === 'processing-checkout';
  return (
    <form
      ref={formRef}
      className="co__card co-pay"
      part="payment-form"
      noValidate
      aria-busy={processing}
      onSubmit={(event) => {
        event.preventDefault();
        if (loading || processing) return;
        void form.submit(token !== null).then((url) => {
          if (!url) setRefusals((n) => n + 1);
        });
      }}
    >
      <Toaster />
      <PersonalInfo form={form} state={state} />
      <BillingDetails form={form} state={state} geo={geo} />
      <PaymentOptions form={form} state={state} />
      <Agreements form={form} state={state} />
      <PayButton total={cart?.total ?? 0} loading={loading} processing={processing} />
    </form>
  );
}
