/** Reading a Content-Security-Policy header, for the CSP and header proofs. */

/** The policy's directives by name, each with its source list (lower-cased names, sources as sent). */
export function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    // The first occurrence of a directive wins (CSP3 §2.2.1); later repeats are ignored by browsers.
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

/** The sources that govern scripts: script-src, or default-src when script-src is absent. */
export function scriptSources(header: string): string[] | null {
  const policy = parseCsp(header);
  return policy.get('script-src') ?? policy.get('default-src') ?? null;
}

/**
 * Why a page's policy would let an injected script run: no policy, no script rule, or a source that
 * allows inline or evaluated code or any host. Empty when scripts are limited to named origins.
 */
export function scriptPolicyProblems(header: string): string[] {
  if (!header) return ['no Content-Security-Policy header'];
  const sources = scriptSources(header);
  if (!sources) return ['neither script-src nor default-src'];
  const unsafe = [
    "'unsafe-inline'",
    "'unsafe-eval'",
    "'unsafe-hashes'",
    '*',
    'http:',
    'https:',
    'data:',
    'blob:',
  ];
  return sources
    .filter((source) => unsafe.includes(source.toLowerCase()))
    .map((source) => `script ${source}`);
}
