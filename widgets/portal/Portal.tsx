import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef } from 'react';
import { $location, navigate, routableLink } from '../../portal/location';
import { pageTitle } from '../../portal/page-title';
import { homeFor, ownsPath, resolveLocation } from '../../portal/resolve';
import { apiFor } from '../../shared/api';
import type { CommonElementProps } from '../../shared/element';
import { portalPatterns, signInPath } from '../../shared/portal/paths';
import {
  $sessionUserLoad,
  ensureSessionUser,
  loadSessionUser,
  signOut,
  switchBack,
} from '../../shared/stores/account';
import { session } from '../../shared/stores/session';
import { showToast } from '../../shared/stores/toasts';
import { LoadFailure, Toaster } from '../../shared/ui';
import { lazyComponent } from '../../shared/ui/lazy-component';
import { Dashboard } from './Dashboard';
import { MainLandmark } from './MainLandmark';
import { RouteElement } from './RouteElement';
import { elementFor } from './route-element';
import { UserShell } from './UserShell';

// The company form is one auth page most visitors never see: its code (and its form fields) loads with it.
const CreateCompany = lazyComponent(
  () => import('./CreateCompany').then((module) => module.CreateCompany),
  <section className="company-form" aria-busy="true" />,
);

export interface PortalProps extends CommonElementProps {
  /** `sidebar-collapsed`: the sidebar's collapsed look, decided by the host page. */
  sidebarCollapsed?: boolean;
}

/**
 * `<vendor-portal>`: the whole account area (spec §2 routes, shells, sidebar, header, dashboard; spec §6
 * roles). It owns the page's URL and composes the feature elements; links inside it and `vendor-navigate`
 * events from its elements are routed without a page load.
 *
 * Its attributes, events, parts and custom properties are documented on the element (`element.ts`),
 * from which the build writes custom-elements.json.
 */
export function Portal({ apiBase, theme, sidebarCollapsed = false }: PortalProps) {
  const api = useMemo(() => apiFor(apiBase), [apiBase]);
  const location = useStore($location);
  const token = useStore(session.$token);
  const user = useStore(session.$user);
  const notice = useStore(session.$notice);
  const userLoad = useStore($sessionUserLoad);
  // Into a user (the manager page) or back (the header): the shell's loading style either way (spec §2).
  const switching = useStore(session.$switching);
  const root = useRef<HTMLDivElement>(null);
  const signingOut = useRef(false);

  useEffect(() => {
    if (!notice) return;
    session.$notice.set(null);
    if (notice.kind === 'company-not-found') navigate(portalPatterns.createCompany);
    else if (notice.kind === 'signed-out') {
      // A session that ended by itself (expired, revoked) brings the user back here after signing in;
      // one the user ended does not.
      if (notice.message) showToast({ kind: 'error', message: notice.message });
      const here = `${window.location.pathname}${window.location.search}`;
      const carry = !signingOut.current && here.startsWith('/user/');
      signingOut.current = false;
      navigate(carry ? signInPath(here) : signInPath());
    } else {
      // Access removed: say so, reload the profiles and go home (spec §4 Account switching).
      showToast({ kind: 'warning', message: notice.message });
      void loadSessionUser(api);
      navigate(homeFor(session.$user.get()?.accountType ?? null));
    }
  }, [notice, api]);

  const resolution = resolveLocation(location.pathname, location.search, {
    signedIn: token !== null,
    twoFactorSetupPending: false,
    viewerKnown: user !== null,
    accountType: user?.accountType ?? null,
    isCustomer: user?.is_customer ?? null,
    origin: window.location.origin,
  });
  // Only the user shell needs the profile (its sidebar, banner and role rules): the auth and public pages
  // show no failure of a call they do not need.
  const inUserShell = resolution.kind === 'render' && resolution.route.layout.startsWith('/user');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new token or a lost user may need the profile.
  useEffect(() => {
    if (inUserShell) void ensureSessionUser(api);
  }, [inUserShell, token, user, api]);

  // The portal owns the page, so the tab names the page it shows, as the server titled the first one.
  useEffect(() => {
    document.title = pageTitle(location.pathname);
  }, [location.pathname]);

  // While a sign-out notice waits, the notice decides where to go, not the protected-page rule.
  const redirectTo = resolution.kind === 'redirect' && notice?.kind !== 'signed-out' ? resolution.to : null;

  useEffect(() => {
    if (redirectTo) navigate(redirectTo, true);
  }, [redirectTo]);

  useEffect(() => {
    const node = root.current;
    if (!node) return;
    const onClick = (event: MouseEvent) => {
      const path = routableLink(event);
      if (!path) return;
      event.preventDefault();
      navigate(path);
    };
    // Elements announce links the host may route itself; only same-origin portal paths are taken.
    const onNavigate = (event: Event) => {
      const path = (event as CustomEvent<{ path?: unknown }>).detail?.path;
      if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//')) return;
      if (!ownsPath(new URL(path, window.location.origin).pathname)) return;
      event.preventDefault();
      navigate(path);
    };
    node.addEventListener('click', onClick);
    node.addEventListener('vendor-navigate', onNavigate);
    return () => {
      node.removeEventListener('click', onClick);
      node.removeEventListener('vendor-navigate', onNavigate);
    };
  }, []);

  const doSignOut = async () => {
    signingOut.current = true;
    // Sign-out resets all state (spec §4): the sign-in flow too, not only the session. The flow's code
    // is fetched only to be reset, so the portal does not carry it for pages that never sign in. It is
    // reset first: a sign-in form shown by the sign-out while the flow still said "signed in" would
    // send the visitor straight back to the dashboard.
    const { clearAuthStores } = await import('../../shared/stores/auth');
    clearAuthStores();
    await signOut(api);
  };
  const doSwitchBack = () => {
    const back = user?.switch_back_to;
    if (!back) return;
    session.$switching.set(true);
    switchBack(api, back.user_id)
      .then(() => window.location.assign(portalPatterns.dashboard))
      .catch((error: Error) => {
        showToast({ kind: 'error', message: error.message });
        session.$switching.set(false);
      });
  };

  // The toasts show in the flow at the top of the page's content, under its heading: they cover nothing.
  const toaster = <Toaster />;
  let content = toaster;
  if (resolution.kind === 'render') {
    const { route, params } = resolution;
    const use = elementFor(route, params, location.search);
    const element = <RouteElement use={use} apiBase={apiBase} theme={theme} />;
    // Auth and public pages are one landmark each; their elements carry the page heading.
    if (route.key === 'createCompany')
      content = (
        <MainLandmark className="auth-shell">
          {toaster}
          <CreateCompany api={api} onCreated={(type) => navigate(homeFor(type))} />
        </MainLandmark>
      );
    else if (route.layout === '/auth')
      content = (
        <MainLandmark className="auth-shell">
          {/* Embeddable elements title themselves with h2; the page's one h1 names the page. */}
          <h1 className="vendor-visually-hidden">{route.name}</h1>
          {toaster}
          {element}
        </MainLandmark>
      );
    else if (route.layout === '')
      content = (
        <MainLandmark className="public-shell">
          {/* The checkout is the one public element without a title of its own (its brand heads it). */}
          {route.key === 'checkout' && <h1 className="vendor-visually-hidden">{route.name}</h1>}
          {toaster}
          {element}
        </MainLandmark>
      );
    else if (!user && userLoad.state === 'error')
      content = (
        <MainLandmark className="portal__failed">
          <h1 className="vendor-visually-hidden">{route.name}</h1>
          {toaster}
          <LoadFailure message={userLoad.error} onRetry={() => void loadSessionUser(api)} />
        </MainLandmark>
      );
    else if (!user)
      // The shell waits for the profile: its sidebar and banner depend on who is signed in, and drawing
      // them before would move them once the profile arrives.
      content = (
        <div className="portal__loading" aria-busy="true">
          <span className="vendor-visually-hidden">Loading your account</span>
          {toaster}
        </div>
      );
    else
      content = (
        <UserShell
          route={route}
          currentPath={location.pathname}
          user={user}
          collapsedFromOutside={sidebarCollapsed}
          switching={switching}
          onSignOut={doSignOut}
          onSwitchBack={doSwitchBack}
        >
          {toaster}
          {route.key === 'dashboard' ? (
            <Dashboard user={user} apiBase={apiBase} theme={theme} />
          ) : (
            // One heading per page: the shell's h1 titles it, so the element leaves out its own. A route
            // gets its own element: one kept from another route would keep that route's attributes that
            // this one does not set (a conversation's id back on My Tickets).
            <RouteElement key={route.key} use={use} apiBase={apiBase} theme={theme} titledByPage />
          )}
        </UserShell>
      );
  }

  return (
    <div className="portal" ref={root}>
      {content}
    </div>
  );
}
