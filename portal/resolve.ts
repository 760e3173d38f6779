import { portalPatterns, signInPath } from '../shared/portal/paths';
import { homeFor, signedInDestination } from '../shared/stores/auth-redirect';
import { mayOpen, type Viewer } from './access';
import { authRoutes, fullPath, publicRoutes, type RouteEntry, userRoutes } from './routes';

/** What the shell knows when it decides where a URL leads. */
export interface ShellState extends Viewer {
  signedIn: boolean;
  /** 2FA setup is pending: the auth shell does not send the user away (spec §2 Shells). */
  twoFactorSetupPending: boolean;
  /** The viewer is known (profile loaded); until then /user routes render without role checks. */
  viewerKnown: boolean;
  /** The page's origin: a `redirect` query value is followed only within it. */
  origin: string;
}

export type Resolution =
  | { kind: 'render'; route: RouteEntry; params: Record<string, string> }
  | { kind: 'redirect'; to: string };

function match(entry: RouteEntry, pathname: string): Record<string, string> | null {
  const pattern = fullPath(entry).split('/');
  const parts = pathname.split('/');
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < pattern.length; i++) {
    const want = pattern[i] ?? '';
    const got = parts[i] ?? '';
    if (want.startsWith(':')) {
      if (!got) return null;
      try {
        params[want.slice(1)] = decodeURIComponent(got);
      } catch {
        return null;
      }
    } else if (want !== got) return null;
  }
  return params;
}

function find(entries: RouteEntry[], pathname: string) {
  for (const entry of entries) {
    const params = match(entry, pathname);
    if (params) return { route: entry, params };
  }
  return null;
}

export { homeFor };

/** The route of the table a path is, with its params, whoever asks (no role or session rule applied). */
export function routeAt(pathname: string): { route: RouteEntry; params: Record<string, string> } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return find([...authRoutes, ...userRoutes, ...publicRoutes], path);
}

const portalSections = ['/auth', '/user'];

/**
 * Whether the portal routes a path itself: its sections, its public pages and `/`. Any other path of
 * this origin is a page of the server (a news post's `/news/…`, `/docs/`, `/demo/`) that the browser
 * must load, not a portal route that would redirect away from it.
 */
export function ownsPath(pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || find(publicRoutes, path)) return true;
  return portalSections.some((section) => path === section || path.startsWith(`${section}/`));
}

/**
 * Where a URL leads (spec §2 Route rules and Shells, §6 Route filtering), as a pure function the portal
 * applies on every navigation: either the route to render or where to go instead.
 */
export function resolveLocation(pathname: string, search: string, state: ShellState): Resolution {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;

  const publicMatch = find(publicRoutes, path);
  if (publicMatch) return { kind: 'render', ...publicMatch };

  if (path === '/auth' || path.startsWith('/auth/')) {
    const found = find(authRoutes, path);
    if (!found) return { kind: 'redirect', to: portalPatterns.signIn };
    // The auth shell sends a signed-in user home, except to the company form, which a signed-in user
    // without a company is sent to (spec §2 route table).
    const staysInAuth = !state.signedIn || state.twoFactorSetupPending || found.route.key === 'createCompany';
    if (!staysInAuth) {
      // Signed in on an auth page (just now, or by a stale tab): go where the visitor was going, if safe.
      const redirect = new URLSearchParams(search).get('redirect');
      return { kind: 'redirect', to: signedInDestination(redirect, state.accountType ?? '', state.origin) };
    }
    return { kind: 'render', ...found };
  }

  if (path === '/user' || path.startsWith('/user/')) {
    if (!state.signedIn) {
      const back = `${path}${search}`;
      return { kind: 'redirect', to: signInPath(back) };
    }
    const found = find(userRoutes, path);
    const home = homeFor(state.accountType);
    if (!found) {
      if (state.accountType === 'SUPER_ADMIN' || path.startsWith('/user/admin_user/')) {
        return { kind: 'redirect', to: home };
      }
      return { kind: 'redirect', to: portalPatterns.dashboard };
    }
    if (state.viewerKnown && !mayOpen(found.route, state)) return { kind: 'redirect', to: home };
    return { kind: 'render', ...found };
  }

  // Anything else at the top level, '/' included (spec §2).
  return { kind: 'redirect', to: portalPatterns.signIn };
}
