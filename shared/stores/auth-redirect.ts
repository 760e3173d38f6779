import { portalPatterns } from '../portal/paths';

/** Where users land after sign-in when no safe redirect is given (spec §2 route table). */
export const dashboardPaths = {
  user: portalPatterns.dashboard,
  superAdmin: portalPatterns.adminDashboard,
  companyCreate: portalPatterns.createCompany,
} as const;

const maxDecodes = 3;

/** Decodes percent-escapes a few times over, so `%252F%252Fevil` is judged as what it can become. */
function decodedForms(value: string): string[] {
  const forms = [value];
  let current = value;
  for (let i = 0; i < maxDecodes; i += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/** Control characters and whitespace, which URL parsers strip or choke on (`/\t/host` → `//host`). */
function isControlOrSpace(char: string): boolean {
  const code = char.charCodeAt(0);
  return code <= 0x20 || code === 0x7f;
}

/**
 * Something a browser or a later router could read as another host or as script: a scheme
 * (`javascript:`, `https:`), a protocol-relative start (`//host`), a backslash (`/\host`, which
 * browsers treat as `//host`), and control characters or whitespace anywhere but the ends.
 */
function looksHostile(form: string): boolean {
  const trimmed = form.trim();
  if (form.includes('\\') || [...trimmed].some(isControlOrSpace)) return true;
  return /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.startsWith('//');
}

/**
 * The `redirect` query value as a same-origin path to go to after sign-in, or null (then the dashboard
 * applies). A bare word is a portal path (`redirect=checkout` from the checkout header → `/checkout`).
 * Refused: anything that names or could become another origin, in any encoding, and the auth pages
 * themselves (a loop). Pure: `origin` is the page's, e.g. `location.origin`.
 */
export function safeRedirectPath(raw: string | null | undefined, origin: string): string | null {
  if (typeof raw !== 'string') return null;
  const value = raw.trim();
  if (value === '' || value.length > 2048) return null;
  if (decodedForms(value).some(looksHostile)) return null;
  const path = value.startsWith('/') ? value : `/${value}`;
  let url: URL;
  try {
    url = new URL(path, origin);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  if (url.pathname === '/auth' || url.pathname.startsWith('/auth/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The landing page of an account type: the admin dashboard for SUPER_ADMIN, else the user dashboard. */
export function homeFor(accountType: string | null): string {
  return accountType === 'SUPER_ADMIN' ? dashboardPaths.superAdmin : dashboardPaths.user;
}

/** After sign-in: the safe redirect, else the admin dashboard for SUPER_ADMIN, else the user dashboard. */
export function signedInDestination(
  redirect: string | null | undefined,
  accountType: string,
  origin: string,
): string {
  return safeRedirectPath(redirect, origin) ?? homeFor(accountType);
}
