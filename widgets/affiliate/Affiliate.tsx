import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useId, useMemo } from 'react';
import { apiFor } from '../../shared/api';
import type { CommonElementProps } from '../../shared/element';
import { ElementTitle } from '../../shared/element/ElementTitle';
import { affiliateStoreFor } from '../../shared/stores/affiliates';
import { session } from '../../shared/stores/session';
import { Badge } from '../../shared/ui/Badge';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { Skeleton } from '../../shared/ui/Skeleton';
import { AffiliateDashboard } from './AffiliateDashboard';
import { RegistrationForm } from './RegistrationForm';
import { texts } from './texts';

export interface AffiliateProps extends CommonElementProps {
  /** `view`: `registration` shows only the registration form (the public /auth/affiliate-registration page). */
  view?: string;
  /** `tab`: the tab shown first: `url` (default), `referrals`, `payouts`, `visits`, `creatives`, or the
   * sample tabs the menu does not offer (`graphs`, `settings`, `stats`). */
  tab?: string;
}

/**
 * `<vendor-affiliate>`: the affiliate area (spec §2 Affiliate). With an affiliate account: tabs Affiliate
 * Url, Referrals, Payouts, Visits and Creatives; without one, or with `view="registration"`, the
 * registration form with its proof-of-work captcha, and thanks after success.
 *
 * Its attributes, events, parts and custom properties are documented on the element (`element.ts`),
 * from which the build writes custom-elements.json.
 */
export function Affiliate({ apiBase, view, tab }: AffiliateProps) {
  const api = useMemo(() => apiFor(apiBase), [apiBase]);
  const store = useMemo(() => affiliateStoreFor(api), [api]);
  const signedIn = useStore(session.$signedIn);
  const profile = useStore(store.$profile);
  const registration = useStore(store.$registration);
  const headingId = useId();
  const registrationOnly = view === 'registration';

  useEffect(() => {
    if (signedIn) void store.loadProfile();
  }, [store, signedIn]);

  const heading = registrationOnly || !signedIn ? texts.registrationHeading : texts.heading;
  const loading = signedIn && (profile.state === 'idle' || profile.state === 'loading');

  let body: ReactNode;
  if (registrationOnly || !signedIn) body = <RegistrationForm store={store} />;
  else if (loading) body = <AreaSkeleton />;
  else if (profile.state === 'error')
    body = <LoadFailure message={profile.error} onRetry={() => void store.loadProfile(true)} />;
  else if (!profile.affiliate) body = <RegistrationForm store={store} />;
  else if (profile.affiliate.status !== 'active')
    body = (
      <div className="affiliate__notice" role="status">
        <p>
          {texts.status}: <Badge tone="warning">{profile.affiliate.status}</Badge>
        </p>
        <p>
          {profile.affiliate.status === 'pending' ? texts.pending : texts.inactive(profile.affiliate.status)}
        </p>
      </div>
    );
  else body = <AffiliateDashboard store={store} affiliate={profile.affiliate} initialTab={tab} />;

  return (
    <section className="affiliate" part="root" aria-labelledby={headingId} aria-busy={loading}>
      <ElementTitle id={headingId} className="affiliate__heading">
        {heading}
      </ElementTitle>
      {registration.step === 'done' && (
        // Above the reset form, or the pending status the reloaded profile shows (spec §4: thanks).
        <div className="affiliate__thanks" role="status">
          <p>
            <strong>{texts.thanks}</strong>
          </p>
          <p>{registration.message}</p>
        </div>
      )}
      {body}
    </section>
  );
}

/** The tab bar and a table's worth of rows, so the area does not jump when the account arrives. */
function AreaSkeleton() {
  return (
    <div className="affiliate__skeleton" aria-hidden="true" data-state="loading">
      <Skeleton width="100%" height="2.5rem" />
      <Skeleton width="100%" height="12rem" />
    </div>
  );
}
