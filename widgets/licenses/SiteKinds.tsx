import { useOwnStyles } from '../../shared/element/use-styles';
import type { SiteKind } from '../../shared/licences/site-kind';
import type { License } from '../../shared/schemas/licences';
import { Badge } from '../../shared/ui/Badge';
import viewStyles from './views.css?inline';

/** Issue 17's texts: the badge next to a staging or local site, and the line that explains it. */
export const siteKindTexts = {
  staging: 'Staging',
  local: 'Local',
  freeSites: 'Staging and local sites are free: they do not count towards the activations.',
} as const;

/** The kind the server stored for a site; a site it does not mention is a production site. */
export function kindOf(license: License, url: string): SiteKind {
  return license.site_kinds?.[url] ?? 'production';
}

/** A site URL, with a 'Staging' or 'Local' badge when it does not use up an activation. */
export function SiteWithKind({ license, url }: { license: License; url: string }) {
  useOwnStyles(viewStyles);
  const kind = kindOf(license, url);
  return (
    <span className="licences__site">
      {url}
      {/* A space, so that the cell reads 'url Staging' to a screen reader, not one run-on word. */}
      {kind !== 'production' && (
        <>
          {' '}
          <Badge>{siteKindTexts[kind]}</Badge>
        </>
      )}
    </span>
  );
}

/** The explanation under a table of licences, shown while one of them has the feature on. */
export function FreeSitesNote({ licenses }: { licenses: readonly License[] }) {
  useOwnStyles(viewStyles);
  if (!licenses.some((license) => license.staging_sites_free)) return null;
  return <p className="licences__muted licences__note">{siteKindTexts.freeSites}</p>;
}
