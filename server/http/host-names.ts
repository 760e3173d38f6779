import type { Config } from '../config';

/** The loopback names a development server is always reached by. */
const loopbackNames = ['localhost', '127.0.0.1', '[::1]'];

/** `name` or `[v6]`, with an optional port: all a Host header may hold (RFC 9110 §7.2). */
const hostHeaderPattern = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(?::\d{1,5})?$/i;

/**
 * The host name of a Host header, lower case and without a port or a final dot; null when it is not
 * a host at all (`user@host`, a path, an empty value), which no browser sends.
 */
export function hostNameOf(header: string): string | null {
  const name = hostHeaderPattern.exec(header.trim())?.[1];
  return name ? name.toLowerCase().replace(/\.$/, '') : null;
}

/** The host name of an origin or URL (`https://portal.example.com` → `portal.example.com`). */
export function hostNameOfUrl(url: string): string {
  return new URL(url).hostname.toLowerCase();
}

/**
 * The host names this server answers to: the loopback names, the address it listens on (unless it is
 * every interface), PUBLIC_URL's host and ALLOWED_HOSTS. Ports are not compared: a name that points
 * at this machine is the threat (DNS rebinding), not another port of it.
 */
export function serverHostNames(config: Pick<Config, 'host' | 'publicUrl' | 'allowedHosts'>): Set<string> {
  const names = new Set([...loopbackNames, ...config.allowedHosts]);
  if (config.host !== '0.0.0.0' && config.host !== '::') {
    const listening = hostNameOf(config.host.includes(':') ? `[${config.host}]` : config.host);
    if (listening) names.add(listening);
  }
  if (config.publicUrl) names.add(hostNameOfUrl(config.publicUrl));
  return names;
}
