import { describe, expect, it } from 'vitest';
import { siteKind, siteRules } from './site-kind';

/** One example per rule, in the order of `siteRules`, with the rule it must be claimed by. */
const perRule: [string, string][] = [
  ['http://localhost:8080', 'localhost'],
  ['http://192.168.1.20/shop', 'a private or loopback IPv4 address'],
  ['http://[::1]:8080', 'a private or loopback IPv6 address'],
  ['http://shop.localhost', '*.localhost (RFC 6761)'],
  ['http://shop.local', '*.local (mDNS, Local by Flywheel)'],
  ['http://shop.test', '*.test (RFC 2606, Laravel Valet, DevKinsta)'],
  ['https://shop.example', '*.example (RFC 2606)'],
  ['https://shop.invalid', '*.invalid (RFC 2606)'],
  [
    'https://staging.example.org',
    'a first label of staging, stage, dev, development, test, qa or preview on a subdomain',
  ],
  ['https://myshop.wpengine.com', 'WP Engine environment domains (*.wpengine.com)'],
  ['https://myshopstg.wpenginepowered.com', 'WP Engine environment domains (*.wpenginepowered.com)'],
  ['https://env-myshop-stg.kinsta.cloud', 'Kinsta staging and temporary domains (*.kinsta.cloud)'],
  [
    'https://dev-myshop.pantheonsite.io',
    'Pantheon environments other than live (dev-*, test-*, multidev *.pantheonsite.io)',
  ],
  ['https://myshop.flywheelstaging.com', 'Flywheel staging (*.flywheelstaging.com)'],
  ['https://wordpress-123.cloudwaysapps.com', 'Cloudways application domains (*.cloudwaysapps.com)'],
  ['https://myshop.wpcomstaging.com', 'WordPress.com staging sites (*.wpcomstaging.com)'],
];

describe('siteRules', () => {
  it('has one example per rule', () => {
    expect(perRule.map(([, why]) => why)).toEqual(siteRules.map((rule) => rule.why));
  });

  it.each(perRule.map(([url, why], index) => [why, url, index] as const))('%s: %s', (_why, url, index) => {
    const rule = siteRules[index];
    if (!rule) throw new Error('no such rule');
    expect(siteRules.find((candidate) => candidate.matches(hostFor(url)))).toBe(rule);
    expect(siteKind(url)).toBe(rule.kind);
  });
});

/** The host the way `siteKind` builds it, so a rule can be checked on its own. */
function hostFor(url: string) {
  const name = new URL(url).hostname.replace(/^www\./, '');
  return { name, labels: name.split('.') };
}

describe('siteKind', () => {
  it.each([
    ['https://staging-shop.com'],
    ['https://mydev.com'],
    ['http://localhost.evil.com'],
    ['https://shop.local.evil.com'],
    ['https://shop.test.com'],
    ['https://dev.to'],
    ['https://test.com'],
    ['https://www.dev.to'],
    ['https://devshop.example.org'],
    ['https://kinsta.cloud.evil.com'],
    ['https://wpengine.com'],
    ['https://live-myshop.pantheonsite.io'],
    ['http://8.8.8.8'],
    ['http://172.32.0.1'],
    ['http://192.169.1.1'],
    ['http://999.168.1.1.com'],
    ['https://shop.com'],
    ['not a url at all'],
    [''],
  ])('counts the look-alike or public site %s as production', (url) => {
    expect(siteKind(url)).toBe('production');
  });

  it.each([
    ['http://LOCALHOST', 'local'],
    ['localhost:3000', 'local'],
    ['http://127.0.0.1', 'local'],
    ['http://10.0.0.5', 'local'],
    ['http://172.16.0.1', 'local'],
    ['http://172.31.255.255', 'local'],
    ['http://169.254.10.10', 'local'],
    ['http://[fd12:3456::1]', 'local'],
    ['http://[fe80::1]', 'local'],
    ['https://www.staging.example.org', 'staging'],
    ['https://Stage.Shop.com.', 'staging'],
    ['https://dev.shop.co.uk', 'staging'],
    ['https://development.shop.com', 'staging'],
    ['https://test.shop.com', 'staging'],
    ['https://qa.shop.com', 'staging'],
    ['https://preview.shop.com/blog', 'staging'],
    ['https://test-myshop.pantheonsite.io', 'staging'],
    ['https://feature-x-myshop.pantheonsite.io', 'staging'],
  ])('classifies %s as %s', (url, kind) => {
    expect(siteKind(url)).toBe(kind);
  });
});
