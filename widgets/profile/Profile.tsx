import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { apiFor } from '../../shared/api';
import type { CommonElementProps } from '../../shared/element';
import { geoStoreFor } from '../../shared/stores/geo';
import { profileStoreFor } from '../../shared/stores/profile';
import { readProfileQuery, type ProfileTab as TabId, toProfileTab } from '../../shared/stores/profile-query';
import { showToast } from '../../shared/stores/toasts';
import { createTwoFactorMethodsStore } from '../../shared/stores/two-factor-methods';
import { LoadFailure, Tabs, Toaster } from '../../shared/ui';
import { BillingTab } from './BillingTab';
import { ProfileSkeleton } from './ProfileSkeleton';
import { ProfileTab } from './ProfileTab';
import { SecurityTab } from './SecurityTab';

export interface ProfileProps extends CommonElementProps {
  /** `tab`: `profile` (default), `billing` or `security`; the page's `?tab=` and `?action=add_card` win. */
  tab?: string;
}

/** The page's query, read once per element: it carries one-time results (a card added, an e-mail key). */
function usePageQuery() {
  return useMemo(() => {
    const query = readProfileQuery(globalThis.location?.search ?? '');
    // A reload must not repeat a toast or post the e-mail key again.
    if (query.rest !== (globalThis.location?.search ?? '')) {
      globalThis.history?.replaceState(
        globalThis.history.state,
        '',
        `${location.pathname}${query.rest}${location.hash}`,
      );
    }
    return query;
  }, []);
}

/**
 * `<vendor-profile>`: the signed-in user's profile in three tabs (spec §2 Profile): Profile (names,
 * e-mail confirmed by mail, the avatar-service picture), Billing & Payment Methods (the billing address,
 * saved cards: add through the gateway's page, set default, remove) and Password & Security (password
 * change, 'Two-Factor Authentication Methods'). Reads `?action=add_card` (`&failed=true`), `?tab=` and
 * `?action=confirm_email&key=` from the page URL. Needs a signed-in visitor.
 *
 * Its attributes, events, parts and custom properties are documented on the element (`element.ts`),
 * from which the build writes custom-elements.json.
 */
export function Profile({ apiBase, tab }: ProfileProps) {
  const api = useMemo(() => apiFor(apiBase), [apiBase]);
  const store = useMemo(() => profileStoreFor(api), [api]);
  const geo = useMemo(() => geoStoreFor(api), [api]);
  const methods = useMemo(() => createTwoFactorMethodsStore(api, store), [api, store]);
  const profile = useStore(store.$profile);
  const query = usePageQuery();
  const [active, setActive] = useState<TabId>(query.tab ?? toProfileTab(tab) ?? 'profile');

  useEffect(() => {
    if (!query.tab) setActive(toProfileTab(tab) ?? 'profile');
  }, [tab, query.tab]);

  useEffect(() => {
    void store.load();
    if (query.toast) showToast(query.toast);
    if (query.confirmEmailKey) void store.confirmEmail(query.confirmEmailKey);
  }, [store, query]);

  const ready = profile.state === 'ready' && profile.profile;

  return (
    <section
      className="profile"
      aria-label="Profile"
      aria-busy={profile.state === 'idle' || profile.state === 'loading'}
    >
      <Toaster />
      {profile.state === 'error' ? (
        <LoadFailure message={profile.error} onRetry={() => void store.reload()} />
      ) : !ready ? (
        <ProfileSkeleton />
      ) : (
        <Tabs
          label="Profile sections"
          value={active}
          onValueChange={(id) => setActive(toProfileTab(id) ?? 'profile')}
          items={[
            { id: 'profile', label: 'Profile', content: <ProfileTab store={store} /> },
            {
              id: 'billing',
              label: 'Billing & Payment Methods',
              content: <BillingTab store={store} geo={geo} />,
            },
            {
              id: 'security',
              label: 'Password & Security',
              content: <SecurityTab store={store} methods={methods} />,
            },
          ]}
        />
      )}
    </section>
  );
}
