import type { MouseEvent } from 'react';
import { useElementHost } from '../../shared/element';
import { downloadKey } from '../../shared/schemas/downloads';
import type { Product } from '../../shared/schemas/licences';
import { Button, ButtonLink } from '../../shared/ui/Button';
import { DownloadButton } from '../../shared/ui/DownloadButton';
import { type LicencesRoute, pathOfLink } from './navigation';
import { texts } from './texts';
import { useDownloads } from './use-downloads';

export interface ProductActionsProps {
  product: Product;
  go: (route: LicencesRoute) => void;
  onBundle: (product: Product) => void;
}

/**
 * A My Products row's actions: Download (a bundle opens its list), Manage Sites, and exactly one of
 * Renew License (expired), View Upgrades (upgrades exist) or a disabled No Upgrades.
 */
export function ProductActions({ product, go, onBundle }: ProductActionsProps) {
  const { active, download } = useDownloads();
  const { announceNavigation: announce } = useElementHost();
  const { license } = product;
  const single = product.is_bundle ? null : (product.downloads[0] ?? null);
  const mine = single !== null && active?.key === downloadKey(single);

  const renew = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!announce(pathOfLink(license.renewal_link))) event.preventDefault();
  };

  return (
    <span className="licences__actions">
      <DownloadButton
        busy={mine}
        progress={mine ? active : null}
        disabled={active !== null}
        aria-label={`${texts.download} ${product.name}`}
        label={texts.download}
        onClick={() => (single ? void download(single) : onBundle(product))}
      />
      <Button
        variant="secondary"
        size="small"
        aria-label={`${texts.manageSites}: ${product.name}`}
        onClick={() => go({ view: 'manage-sites', paymentId: product.payment_id })}
      >
        {texts.manageSites}
      </Button>
      {license.status === 'expired' ? (
        <ButtonLink size="small" href={license.renewal_link} onClick={renew}>
          {texts.renewLicense}
        </ButtonLink>
      ) : product.has_upgrades ? (
        <Button
          variant="secondary"
          size="small"
          onClick={() => go({ view: 'upgrades', licenseId: license.license_id })}
        >
          {texts.viewUpgrades}
        </Button>
      ) : (
        <Button variant="secondary" size="small" disabled>
          {texts.noUpgradesButton}
        </Button>
      )}
    </span>
  );
}
