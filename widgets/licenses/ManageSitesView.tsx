import { useStore } from '@nanostores/react';
import { type FormEvent, type MouseEvent, useEffect, useId, useState } from 'react';
import { licenceFailures } from '../../shared/api/messages';
import { useElementHost } from '../../shared/element';
import { useOwnStyles } from '../../shared/element/use-styles';
import { messageOf } from '../../shared/format/messages';
import { acceptsSites } from '../../shared/licences/activatable';
import type { License } from '../../shared/schemas/licences';
import { showToast } from '../../shared/stores/toasts';
import { Button } from '../../shared/ui/Button';
import { Field } from '../../shared/ui/Field';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { Skeleton } from '../../shared/ui/Skeleton';
import { Table, type TableColumn } from '../../shared/ui/Table';
import { activations } from './LicenceKey';
import { pathOfLink } from './navigation';
import { FreeSitesNote, SiteWithKind } from './SiteKinds';
import { texts } from './texts';
import { usePurchaseStore } from './use-purchase-store';
import { ViewHeading } from './ViewHeading';
import { viewTexts } from './view-texts';
import viewStyles from './views.css?inline';

export interface ManageSitesViewProps {
  /** The purchase whose sites are managed. */
  paymentId: number;
  /** The licence of the purchase to manage; default the purchase's own (first) licence. */
  licenseId: number | undefined;
  onBack: (() => void) | undefined;
  focusOnMount: boolean;
}

/** spec §7: the removal call sends the URL with its scheme, 'http://' when it has none. */
const withScheme = (url: string) => (/^https?:\/\//i.test(url) ? url : `http://${url}`);

/** Manage Sites (spec §2): licence key and product, an add-site form, and the active sites. */
export function ManageSitesView({ paymentId, licenseId, onBack, focusOnMount }: ManageSitesViewProps) {
  useOwnStyles(viewStyles);
  const store = usePurchaseStore(paymentId);
  const { state, purchase, error } = useStore(store.$purchase);
  const { change } = useStore(store.$pending);
  const { emit } = useElementHost();
  const [url, setUrl] = useState<string>(viewTexts.siteInputDefault);
  const titleId = useId();
  useEffect(() => {
    void store.load();
  }, [store]);

  const licenses = purchase?.licenses ?? [];
  const license = licenseId === undefined ? licenses[0] : licenses.find((l) => l.license_id === licenseId);
  const loading = state === 'loading' || state === 'idle';

  const fail = (reason: unknown) => showToast({ kind: 'error', message: messageOf(reason) });

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!license || change) return;
    // Read from the form itself: a submit right after typing may come before the state has caught up.
    const typed = new FormData(event.currentTarget).get('url');
    const site = (typeof typed === 'string' ? typed : url).trim();
    try {
      const updated = await store.addSite(license.license_id, site);
      setUrl(viewTexts.siteInputDefault);
      emit('vendor-site-added', {
        license_id: updated.license_id,
        url: site,
        activation_count: updated.activation_count,
      });
    } catch (reason) {
      fail(reason);
    }
  };

  const remove = async (site: string) => {
    if (!license || change) return;
    try {
      const updated = await store.removeSite(license.license_id, withScheme(site));
      emit('vendor-site-removed', {
        license_id: updated.license_id,
        url: site,
        activation_count: updated.activation_count,
      });
    } catch (reason) {
      fail(reason);
    }
  };

  const columns: TableColumn<string>[] = [
    {
      key: 'url',
      header: viewTexts.siteUrl,
      cell: (site) => (license ? <SiteWithKind license={license} url={site} /> : site),
    },
    {
      key: 'action',
      header: <span className="vendor-visually-hidden">Actions</span>,
      align: 'end',
      cell: (site) => (
        <Button
          variant="danger"
          size="small"
          aria-label={`${viewTexts.deactivateSite} ${site}`}
          loading={change?.type === 'remove' && change.url === withScheme(site)}
          disabled={change !== null && change.url !== withScheme(site)}
          onClick={() => void remove(site)}
        >
          {viewTexts.deactivateSite}
        </Button>
      ),
    },
  ];

  return (
    <section className="licences__view" aria-busy={loading} aria-labelledby={titleId}>
      <ViewHeading onBack={onBack} focusOnMount={focusOnMount}>
        <span id={titleId}>{texts.manageSites}</span>
      </ViewHeading>
      {state === 'error' ? (
        <LoadFailure message={error} onRetry={() => void store.reload()} />
      ) : !loading && !license ? (
        <p className="licences__muted">{texts.noLicense}</p>
      ) : (
        <>
          <dl className="licences__facts">
            <div>
              <dt>License key</dt>
              <dd>
                {license ? <code part="license-key">{license.license_key}</code> : <Skeleton width="16em" />}
              </dd>
            </div>
            <div>
              <dt>Product</dt>
              <dd>{license ? license.name : <Skeleton width="10em" />}</dd>
            </div>
            <div>
              <dt>Activations</dt>
              <dd data-testid="activations">
                {license ? activations(license, texts.unlimited) : <Skeleton width="3em" />}
              </dd>
            </div>
          </dl>
          {license && !acceptsSites(license.status) ? (
            <SitesClosed license={license} />
          ) : (
            <form className="licences__add" onSubmit={(event) => void add(event)}>
              <Field label={viewTexts.siteUrl}>
                <input
                  type="text"
                  name="url"
                  inputMode="url"
                  autoComplete="url"
                  value={url}
                  onChange={(event) => setUrl(event.currentTarget.value)}
                />
              </Field>
              <Button
                type="submit"
                loading={change?.type === 'add'}
                disabled={!license || (change !== null && change.type !== 'add')}
              >
                {viewTexts.addSite}
              </Button>
            </form>
          )}
          <Table
            columns={columns}
            rows={license?.sites ?? []}
            rowKey={(site) => site}
            emptyText={viewTexts.noSites}
            loading={loading}
            skeletonRows={2}
            caption={texts.manageSites}
          />
          {license && <FreeSitesNote licenses={[license]} />}
        </>
      )}
    </section>
  );
}

/**
 * In place of the add-site form for a licence that takes no site (expired, disabled, pending): why, and
 * for an expired one the renewal that opens it again. Its sites can still be deactivated.
 */
function SitesClosed({ license }: { license: License }) {
  const { announceNavigation: announce } = useElementHost();
  const renew = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!announce(pathOfLink(license.renewal_link))) event.preventDefault();
  };
  if (license.status !== 'expired') return <p className="licences__muted">{licenceFailures.notActive}</p>;
  return (
    <p className="licences__muted">
      {licenceFailures.expired}{' '}
      <a href={license.renewal_link} onClick={renew}>
        {viewTexts.renewLicenseLink}
      </a>
    </p>
  );
}
