/**
 * Site URLs as licences count them. The add-site field takes anything (spec §5: no validation), so the
 * server makes sense of it here: one site is one host and path, whatever the scheme, a leading `www.`,
 * letter case or a trailing slash, so `http://www.Example.com/` and `https://example.com` count once.
 */

/** Reads what was typed (scheme optional) as a URL; null when there is no host to speak of. */
function parse(raw: string): URL | null {
  const text = raw.trim();
  if (text === '' || /\s/.test(text)) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // A host needs a dot or to be localhost: 'http://' followed by a typo should not become a site.
  if (!url.hostname.includes('.') && url.hostname !== 'localhost') return null;
  return url;
}

function pathOf(url: URL): string {
  return url.pathname.replace(/\/+$/, '');
}

/**
 * The URL as stored and shown: scheme kept (http:// when none was typed), host lower-cased, no query,
 * fragment, credentials or trailing slash. Null when the text is not a site URL.
 */
export function normaliseSiteUrl(raw: string): string | null {
  const url = parse(raw);
  if (!url) return null;
  const port = url.port ? `:${url.port}` : '';
  return `${url.protocol}//${url.hostname}${port}${pathOf(url)}`;
}

/** The identity of a site: host without `www.`, port and path; scheme and trailing slash ignored. */
export function siteKey(raw: string): string | null {
  const url = parse(raw);
  if (!url) return null;
  const port = url.port ? `:${url.port}` : '';
  return `${url.hostname.replace(/^www\./, '')}${port}${pathOf(url)}`;
}

/**
 * Every stored form (normaliseSiteUrl) a site of this key can have: either scheme, with or without
 * `www.`. Lets the database find the same site by equality, as siteKey would.
 */
export function storedFormsOf(key: string): string[] {
  const forms = ['http://', 'https://'].flatMap((scheme) => [`${scheme}${key}`, `${scheme}www.${key}`]);
  return forms.filter((form) => siteKey(form) === key && normaliseSiteUrl(form) === form);
}
