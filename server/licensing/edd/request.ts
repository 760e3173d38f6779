import type { SiteVersions } from '../../licences/site-versions';

/** A request to the EDD-compatible API, read from the query string and the form body. */
export interface EddRequest {
  action: string;
  license: string | undefined;
  itemId: string | undefined;
  itemName: string | undefined;
  /** The site: `url`, or the site WordPress names in its User-Agent when `url` is left out. */
  url: string | undefined;
  beta: boolean;
  /** The version of the plugin on the site (`version`), for `get_version` and telemetry. */
  versions: SiteVersions;
  /** Why the site is being deactivated, when the plugin asks its user. */
  reason: string | undefined;
}

type Params = Record<string, string | undefined>;

/** Long enough for any key, URL or version; anything longer is cut, never stored whole. */
const maxLength = 500;

function text(params: Params, ...names: string[]): string | undefined {
  for (const name of names) {
    const value = params[name]?.trim();
    if (value) return value.slice(0, maxLength);
  }
  return undefined;
}

/** WordPress's `wp_remote_*` send `WordPress/6.5; https://site.example` as the User-Agent. */
function siteOfUserAgent(userAgent: string | undefined): string | undefined {
  return /^WordPress\/[^;]*;\s*(https?:\/\/\S+)/.exec(userAgent ?? '')?.[1];
}

/**
 * The request's fields under EDD's names, with the telemetry names both EDD's updater
 * (`wp_version`, `php_version`, `version`) and our own clients (`platform_version`, …) send.
 */
export function readEddRequest(params: Params, userAgent: string | undefined): EddRequest {
  return {
    action: text(params, 'edd_action') ?? '',
    license: text(params, 'license'),
    itemId: text(params, 'item_id'),
    itemName: text(params, 'item_name', 'name'),
    url: text(params, 'url') ?? siteOfUserAgent(userAgent),
    beta: ['1', 'true', 'yes', 'on'].includes(text(params, 'beta')?.toLowerCase() ?? ''),
    versions: {
      platformVersion: text(params, 'wp_version', 'platform_version'),
      runtimeVersion: text(params, 'php_version', 'runtime_version'),
      pluginVersion: text(params, 'version', 'plugin_version'),
      language: text(params, 'locale', 'language'),
    },
    reason: text(params, 'reason', 'deactivation_reason'),
  };
}
