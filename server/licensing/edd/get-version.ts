import type { Database } from '../../db';
import { licenceForKey } from '../../licences/key-licence';
import { siteKey } from '../../licences/site-url';
import { findItem, type Item } from '../items';
import { signPackage } from '../package-links';
import { offeredReleases, type ReleaseRow, releasesOf } from '../releases';
import { mayUpdate } from '../updates';
import { refusal } from './answers';
import type { EddRequest } from './request';

export interface UpdateCall {
  db: Database;
  now: Date;
  /** The public origin package and asset links are built on. */
  origin: string;
  /** The key package links are signed with. */
  secret: string;
}

/** `Y-m-d H:i:s` in UTC, as WordPress shows `last_updated`. */
const eddDate = (date: Date) => date.toISOString().slice(0, 19).replace('T', ' ');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The changelog as the HTML WordPress shows in its "View details" tab: one paragraph per line. */
function changelogHtml(release: ReleaseRow): string {
  const lines = release.changelog.split(/\r?\n/).filter((line) => line.trim() !== '');
  return `<h4>${escapeHtml(release.version)}</h4>${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}`;
}

/**
 * `get_version`: the newest release the site may have (its channel and its rollout bucket), in the
 * `plugin_information` fields WordPress shows. `package` and `download_link` are signed links valid one
 * hour, only for a licence valid for the item and active on the site; anyone else (an expired licence
 * among them) gets the version and changelog with empty links, so WordPress says an update exists and
 * renewing brings it.
 */
export async function getVersion(call: UpdateCall, request: EddRequest): Promise<Record<string, unknown>> {
  const lookup = await findItem(call.db, request);
  if (lookup.outcome !== 'found') return refusal('invalid', lookup.outcome);
  const { item } = lookup;
  const site = request.url ? siteKey(request.url) : null;
  const found = request.license ? await licenceForKey(call.db, request.license, item.downloadId) : null;
  const { newest, stable } = offeredReleases(await releasesOf(call.db, item.downloadId), {
    beta: request.beta,
    licenceKey: request.license ?? '',
    siteKey: site ?? '',
  });
  const info = productInfo(call.origin, item);
  if (!newest) return { ...info, new_version: '', stable_version: '', package: '', download_link: '' };
  const link =
    found && mayUpdate(found, site, call.now)
      ? `${call.origin}/api/v1/releases/package/${signPackage(
          call.secret,
          { releaseId: newest.id, licenceId: found.licence.id, site: site ?? '' },
          call.now,
        )}`
      : '';
  return {
    ...info,
    new_version: newest.version,
    stable_version: stable?.version ?? newest.version,
    last_updated: eddDate(newest.publishedAt),
    package: link,
    download_link: link,
    sections: { description: info.sections.description, changelog: changelogHtml(newest) },
    requires: newest.requires ?? '',
    tested: newest.tested ?? '',
    requires_php: newest.requiresPhp ?? '',
  };
}

/** What WordPress shows of the product whatever the release: name, pages and pictures. */
function productInfo(origin: string, item: Item) {
  const picture = `${origin}/assets/products/${item.slug}.svg`;
  return {
    name: item.name,
    slug: item.slug,
    url: `${origin}/`,
    homepage: `${origin}/`,
    last_updated: '',
    sections: { description: `<p>${escapeHtml(item.name)}</p>`, changelog: '' },
    banners: { high: picture, low: picture },
    icons: { svg: picture, '1x': picture, '2x': picture },
  };
}
