/**
 * Links that come from API data (news posts, renewal links, attachments) are used only when they are
 * http(s) URLs; anything else (`javascript:`, `data:`, malformed) becomes null and is not rendered as a link.
 */
export function safeHttpUrl(value: string | null | undefined, base?: string): string | null {
  if (!value) return null;
  try {
    const url = new URL(value, base ?? globalThis.location?.href);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
