import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import type { RouteEntry } from '../../portal/routes';
import { shellLinksFor } from '../../portal/shell-links';
import { warningMessages } from '../../shared/api/messages';
import { copyrightRange } from '../../shared/format';
import type { SessionUser } from '../../shared/schemas/session';
import { session } from '../../shared/stores/session';
import { Drawer, drawerQuery } from './Drawer';
import { Header } from './Header';
import { MainLandmark } from './MainLandmark';
import { Sidebar } from './Sidebar';

export interface UserShellProps {
  route: RouteEntry;
  currentPath: string;
  user: SessionUser;
  /** `sidebar-collapsed` on the element: the collapsed look, set from outside (spec §2). */
  collapsedFromOutside: boolean;
  switching: boolean;
  onSignOut: () => void;
  onSwitchBack: () => void;
  children: ReactNode;
}

/**
 * The user shell of spec §2: sidebar, header and content area, with the 2FA banner. On every route change
 * the page title is announced and focus moves to the main heading, as a page load would do.
 */
export function UserShell(props: UserShellProps) {
  const { route, currentPath, user, collapsedFromOutside, switching, onSignOut, onSwitchBack, children } =
    props;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const links = shellLinksFor({ accountType: user.accountType, isCustomer: user.is_customer });
  // The server says when 2FA setup or a code is due (spec §2 banner, §7 headers), not the mere absence of 2FA.
  const needsTwoFactor = useStore(session.$twoFactorDue);

  const shownPath = useRef<string | null>(null);

  // A route change moves focus to the new page's heading, as a page load would; the first page keeps
  // the browser's own focus.
  useEffect(() => {
    if (shownPath.current !== null && shownPath.current !== currentPath) heading.current?.focus();
    shownPath.current = currentPath;
  }, [currentPath]);

  // The header's menu button: on a phone the sidebar opens as a drawer, on a wide screen it collapses.
  const toggleSidebar = () => {
    if (window.matchMedia(drawerQuery).matches) setDrawerOpen(true);
    else setCollapsed(!collapsed);
  };
  const sidebar = (inDrawer: boolean) => (
    <Sidebar
      entries={links.sidebar}
      home={links.home}
      currentPath={currentPath}
      collapsed={!inDrawer && (collapsed || collapsedFromOutside)}
      inDrawer={inDrawer}
      onToggle={inDrawer ? () => setDrawerOpen(false) : () => setCollapsed(!collapsed)}
      onSignOut={onSignOut}
    />
  );

  return (
    <div
      className="shell"
      data-state={collapsed || collapsedFromOutside ? 'collapsed' : 'open'}
      data-loading={switching ? 'switching' : undefined}
    >
      {sidebar(false)}
      {drawerOpen && (
        <Drawer label="Account menu" onClose={() => setDrawerOpen(false)}>
          {sidebar(true)}
        </Drawer>
      )}
      <div className="shell__body">
        <Header
          user={user}
          profileHref={links.profile}
          onToggleSidebar={toggleSidebar}
          onSignOut={onSignOut}
          onSwitchBack={onSwitchBack}
          switching={switching}
        />
        {user.switch_back_to && (
          <div className="banner banner--switched" role="status">
            You are working in the account of <strong>{user.display_name}</strong>.{' '}
            <button type="button" className="banner__action" onClick={onSwitchBack} disabled={switching}>
              Switch Back
            </button>
          </div>
        )}
        {needsTwoFactor && !user.switch_back_to && (
          <div className="banner" role="status" part="banner">
            <strong>{warningMessages.twoFactorRequired}</strong>{' '}
            <a href={links.security}>Set up two-factor authentication</a>
          </div>
        )}
        <MainLandmark className="shell__main">
          <h1 className="shell__title" ref={heading} tabIndex={-1}>
            {route.name}
          </h1>
          <p className="vendor-visually-hidden" aria-live="polite">
            {route.name}
          </p>
          {children}
        </MainLandmark>
        <footer className="shell__footer">© {copyrightRange()} Vendor. All rights reserved.</footer>
      </div>
    </div>
  );
}
