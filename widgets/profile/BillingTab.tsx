import { useStore } from '@nanostores/react';
import { type FormEvent, useId, useState } from 'react';
import { useElementHost } from '../../shared/element';
import type { Address } from '../../shared/schemas/profile';
import { countryHasStates, type GeoStore } from '../../shared/stores/geo';
import type { ProfileStore } from '../../shared/stores/profile';
import { Button } from '../../shared/ui';
import { BillingAddressFields } from '../../shared/ui/BillingAddressFields';
import { SavedCards } from './SavedCards';

/** Billing & Payment Methods (spec §2): the shared billing-address form, then the saved cards. */
export function BillingTab({ store, geo }: { store: ProfileStore; geo: GeoStore }) {
  const { profile, errors, saving } = useStore(store.$profile);
  const states = useStore(geo.$states);
  const { emit } = useElementHost();
  const titleId = useId();
  const [address, setAddress] = useState<Address>(
    () => profile?.address ?? { line1: '', line2: '', country: '', state: '', city: '', zip: '' },
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await store.saveAddress(address, countryHasStates(states, address.country))) {
      emit('vendor-profile-updated', { type: 'address' });
    }
  };

  return (
    <div className="profile__panel">
      <form className="profile__form" noValidate onSubmit={submit} aria-labelledby={titleId}>
        <h2 id={titleId} className="profile__title">
          Billing address
        </h2>
        <BillingAddressFields
          geo={geo}
          value={address}
          errors={errors.address}
          onChange={(change) => {
            setAddress((current) => ({ ...current, ...change }));
            for (const field of Object.keys(change)) store.clearError('address', field);
          }}
        />
        <div className="profile__actions">
          <Button type="submit" loading={saving === 'address'}>
            Update Address
          </Button>
        </div>
      </form>
      <SavedCards store={store} />
    </div>
  );
}
