import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { apiFor } from '../../shared/api';
import type { CommonElementProps } from '../../shared/element';
import { useElementHost } from '../../shared/element';
import { signInPath } from '../../shared/portal/paths';
import { licenceStoresFor, PRODUCTS_PER_PAGE } from '../../shared/stores/licences';
import { session } from '../../shared/stores/session';
import { Toaster } from '../../shared/ui/Toast';
import { ApiBaseContext } from './api-base';
import { ManageLicenseView, ManageSitesView, UpgradesView } from './lazy-views';
import { NothingToShow } from './NothingToShow';
import { type LicencesRoute, pathOf } from './navigation';
import { ProductsView } from './ProductsView';
import { texts } from './texts';

export interface LicensesProps extends CommonElementProps {
  /** `view`: `products` (default), `manage-license`, `manage-sites` or `upgrades`. */
  view?: string;
  /** `payment-id`: the purchase of `manage-license` and `manage-sites`. */
  paymentId?: number;
  /** `license-id`: the licence of `upgrades`, and of `manage-sites` within a bundle purchase. */
  licenseId?: number;
  /** `limit`: a short product list (e.g. 3 on the dashboard) without title, paging or Back. */
  limit?: number;
  /** `sign-in-url`: where a visitor signs in. Default: the portal's `/auth/sign-in`, returning here. */
  signInUrl?: string;
}

const views = new Set<LicencesRoute['view']>(['products', 'manage-license', 'manage-sites', 'upgrades']);
const positive = (n: number | undefined) => (n !== undefined && Number.isInteger(n) && n > 0 ? n : undefined);

function routeFrom(view: string | undefined, paymentId?: number, licenseId?: number): LicencesRoute {
  const known = views.has(view as LicencesRoute['view']) ? (view as LicencesRoute['view']) : 'products';
  return { view: known, paymentId: positive(paymentId), licenseId: positive(licenseId) };
}

/**
 * `<vendor-licenses>`: My Products, Manage License, Manage Sites and Upgrade License (spec §2), working on
 * its own in any page: it moves between its views itself, announcing each move first.
 *
 * Its attributes, events, parts and custom properties are documented on the element (`element.ts`),
 * from which the build writes custom-elements.json.
 */
export function Licenses({ apiBase, view, paymentId, licenseId, limit, signInUrl }: LicensesProps) {
  const initial = useMemo(() => routeFrom(view, paymentId, licenseId), [view, paymentId, licenseId]);
  const [trail, setTrail] = useState<LicencesRoute[]>([initial]);
  // New attributes (the host routed) start a new trail.
  useEffect(() => setTrail([initial]), [initial]);
  const route = trail[trail.length - 1] ?? initial;
  const { announceNavigation: announce } = useElementHost();
  const stores = useMemo(() => licenceStoresFor(apiFor(apiBase)), [apiBase]);
  const dashboard = positive(limit) !== undefined;

  const go = useCallback(
    (next: LicencesRoute) => {
      if (announce(pathOf(next))) setTrail((current) => [...current, next]);
    },
    [announce],
  );
  // Back retraces the element's own steps, then the page's history (outside the dashboard); a view
  // opened first in its tab goes back to My Products, so every view but that one has a way out.
  const onBack =
    trail.length > 1
      ? () => setTrail((current) => current.slice(0, -1))
      : typeof history !== 'undefined' && history.length > 1
        ? () => history.back()
        : route.view === 'products'
          ? undefined
          : () => go({ view: 'products' });
  const moved = trail.length > 1;
  const signedIn = useStore(session.$signedIn);

  // A visitor has no licences to load: ask them to sign in rather than send a request bound to fail.
  if (!signedIn) {
    return (
      <div className="licences" part="root" data-view="signed-out">
        <p className="licences__muted">
          <a href={signInUrl ?? signInPath(pathOf(route))}>Sign in</a> to see your products and licences.
        </p>
      </div>
    );
  }

  return (
    <ApiBaseContext.Provider value={apiBase}>
      <div className="licences" part="root" data-view={route.view}>
        <Toaster />
        {route.view === 'products' && (
          <ProductsView
            store={stores.products(positive(limit) ?? PRODUCTS_PER_PAGE)}
            dashboard={dashboard && !moved}
            go={go}
            onBack={dashboard && !moved ? undefined : onBack}
            focusOnMount={moved}
          />
        )}
        {route.view === 'manage-license' &&
          (route.paymentId ? (
            <ManageLicenseView
              key={route.paymentId}
              paymentId={route.paymentId}
              go={go}
              onBack={onBack}
              focusOnMount={moved}
            />
          ) : (
            <NothingToShow text={texts.noLicense} onBack={onBack} />
          ))}
        {route.view === 'manage-sites' &&
          (route.paymentId ? (
            <ManageSitesView
              key={`${route.paymentId}:${route.licenseId}`}
              paymentId={route.paymentId}
              licenseId={route.licenseId}
              onBack={onBack}
              focusOnMount={moved}
            />
          ) : (
            <NothingToShow text={texts.noLicense} onBack={onBack} />
          ))}
        {route.view === 'upgrades' &&
          (route.licenseId ? (
            <UpgradesView
              key={route.licenseId}
              licenseId={route.licenseId}
              onBack={onBack}
              focusOnMount={moved}
            />
          ) : (
            <NothingToShow text={texts.noUpgradesFound} onBack={onBack} />
          ))}
      </div>
    </ApiBaseContext.Provider>
  );
}
