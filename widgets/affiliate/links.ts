/** The referral URL with `campaign` appended when one is given (spec §2: the campaign is optional). */
export function campaignUrl(referralUrl: string, campaign: string): string {
  const name = campaign.trim();
  if (!name) return referralUrl;
  try {
    const url = new URL(referralUrl);
    url.searchParams.set('campaign', name);
    return url.toString();
  } catch {
    return referralUrl;
  }
}

/**
 * A creative's link carrying the affiliate's referral parameter, so a banner pasted elsewhere is tracked.
 * Only http(s) targets are linked; anything else yields null (never a `javascript:` href).
 */
export function creativeLink(target: string, referralVar: string, affiliateId: number): string | null {
  try {
    const url = new URL(target);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    url.searchParams.set(referralVar, String(affiliateId));
    return url.toString();
  } catch {
    return null;
  }
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The HTML an affiliate pastes on their site: an image banner or a text link, escaped. */
export function creativeCode(link: string, text: string, image: string | null): string {
  const label = escapeHtml(text);
  const content = image ? `<img src="${escapeHtml(image)}" alt="${label}">` : label;
  return `<a href="${escapeHtml(link)}">${content}</a>`;
}
