/**
 * Which sites are production sites. Staging copies and local development copies of a site do not use up
 * an activation (issue 17): the server stores each site with its kind and counts production sites only.
 * The rules are data below so that each can be read, tested and extended on its own; anything no rule
 * claims is production, so a look-alike (`staging-shop.com`, `mydev.com`, `localhost.evil.com`) counts.
 */

export const siteKinds = ['production', 'staging', 'local'] as const;
export type SiteKind = (typeof siteKinds)[number];

/** A host as the rules see it: lower case, no trailing dot, no leading `www.`, split into labels. */
interface Host {
  name: string;
  labels: string[];
}

export interface SiteRule {
  kind: Exclude<SiteKind, 'production'>;
  /** Why the rule exists (and, for a managed host, which of its domains it covers). */
  why: string;
  matches: (host: Host) => boolean;
}

/** `host` is a proper subdomain of `domain` (never `domain` itself, nor `domain.evil.com`). */
const under = (domain: string) => (host: Host) => host.name.endsWith(`.${domain}`);

const ipv4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** Loopback 127/8, private 10/8, 172.16/12, 192.168/16 (RFC 1918) and link-local 169.254/16. */
function isPrivateIpv4(name: string): boolean {
  const octets = ipv4.exec(name)?.slice(1).map(Number);
  if (!octets || octets.some((octet) => octet > 255)) return false;
  const [a = -1, b = -1] = octets;
  return (
    a === 127 ||
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    (a === 169 && b === 254)
  );
}

/** Loopback `::1`, unique-local fc00::/7 and link-local fe80::/10 (URL hosts keep the brackets). */
function isPrivateIpv6(name: string): boolean {
  const address = name.replace(/^\[|\]$/g, '');
  if (!address.includes(':')) return false;
  return address === '::1' || /^f[cd][0-9a-f]{0,2}:/.test(address) || /^fe[89ab][0-9a-f]?:/.test(address);
}

/**
 * First labels that name a staging copy. Only on a subdomain (three labels or more): `dev.to` or
 * `test.com` are someone's production site, `staging.example.org` is not.
 */
const stagingFirstLabels = new Set(['staging', 'stage', 'dev', 'development', 'test', 'qa', 'preview']);

export const siteRules: readonly SiteRule[] = [
  { kind: 'local', why: 'localhost', matches: (host) => host.name === 'localhost' },
  { kind: 'local', why: 'a private or loopback IPv4 address', matches: (host) => isPrivateIpv4(host.name) },
  { kind: 'local', why: 'a private or loopback IPv6 address', matches: (host) => isPrivateIpv6(host.name) },
  // RFC 6761 and RFC 2606 special-use names never resolve on the public internet; .local is mDNS.
  { kind: 'local', why: '*.localhost (RFC 6761)', matches: under('localhost') },
  { kind: 'local', why: '*.local (mDNS, Local by Flywheel)', matches: under('local') },
  { kind: 'local', why: '*.test (RFC 2606, Laravel Valet, DevKinsta)', matches: under('test') },
  { kind: 'local', why: '*.example (RFC 2606)', matches: under('example') },
  { kind: 'local', why: '*.invalid (RFC 2606)', matches: under('invalid') },
  {
    kind: 'staging',
    why: 'a first label of staging, stage, dev, development, test, qa or preview on a subdomain',
    matches: (host) => host.labels.length >= 3 && stagingFirstLabels.has(host.labels[0] ?? ''),
  },
  // Managed hosts' platform domains: a live site is served from its own domain, these are the copies.
  { kind: 'staging', why: 'WP Engine environment domains (*.wpengine.com)', matches: under('wpengine.com') },
  {
    kind: 'staging',
    why: 'WP Engine environment domains (*.wpenginepowered.com)',
    matches: under('wpenginepowered.com'),
  },
  {
    kind: 'staging',
    why: 'Kinsta staging and temporary domains (*.kinsta.cloud)',
    matches: under('kinsta.cloud'),
  },
  {
    kind: 'staging',
    why: 'Pantheon environments other than live (dev-*, test-*, multidev *.pantheonsite.io)',
    matches: (host) => under('pantheonsite.io')(host) && !host.labels[0]?.startsWith('live-'),
  },
  { kind: 'staging', why: 'Flywheel staging (*.flywheelstaging.com)', matches: under('flywheelstaging.com') },
  {
    kind: 'staging',
    why: 'Cloudways application domains (*.cloudwaysapps.com)',
    matches: under('cloudwaysapps.com'),
  },
  {
    kind: 'staging',
    why: 'WordPress.com staging sites (*.wpcomstaging.com)',
    matches: under('wpcomstaging.com'),
  },
];

function hostOf(siteUrl: string): Host | null {
  const text = siteUrl.trim();
  const withScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  let hostname: string;
  try {
    hostname = new URL(withScheme).hostname;
  } catch {
    return null;
  }
  const name = hostname
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/^www\./, '');
  return name === '' ? null : { name, labels: name.split('.') };
}

/** The kind of a site URL (scheme optional); production when no rule applies or it is no URL at all. */
export function siteKind(siteUrl: string): SiteKind {
  const host = hostOf(siteUrl);
  if (!host) return 'production';
  return siteRules.find((rule) => rule.matches(host))?.kind ?? 'production';
}
