import type { RouteEntry } from '../../portal/routes';
import { fullPath } from '../../portal/routes';
import { vendorLinks } from '../../shared/catalogue';
import { Icon } from './Icon';

export interface SidebarProps {
  entries: RouteEntry[];
  /** Where both logos lead: /user/dashboard (spec §2), the admin dashboard for the super-admin. */
  home: string;
  currentPath: string;
  collapsed: boolean;
  /** Shown in the phone's drawer: its toggle closes the drawer. */
  inDrawer?: boolean;
  onToggle: () => void;
  onSignOut: () => void;
}

/**
 * The sidebar of spec §2: both logos link to the dashboard, one link per visible entry (layout + path,
 * the current one marked), the community promotion, four social links, the secondary toggle and sign-out.
 */
export function Sidebar({
  entries,
  home,
  currentPath,
  collapsed,
  inDrawer,
  onToggle,
  onSignOut,
}: SidebarProps) {
  const toggleLabel = inDrawer ? 'Close menu' : collapsed ? 'Expand sidebar' : 'Collapse sidebar';
  return (
    <nav
      className="sidebar"
      part="sidebar"
      aria-label="Account"
      data-state={collapsed ? 'collapsed' : 'open'}
    >
      <div className="sidebar__brand">
        <a className="sidebar__logo sidebar__logo--full" href={home}>
          <span aria-hidden="true" className="sidebar__mark">
            V
          </span>
          <span>Vendor Account</span>
        </a>
        <a className="sidebar__logo sidebar__logo--collapsed" href={home}>
          <span aria-hidden="true" className="sidebar__mark">
            V
          </span>
          <span className="vendor-visually-hidden">Vendor Account</span>
        </a>
        <button
          type="button"
          className="sidebar__toggle"
          aria-expanded={inDrawer ? undefined : !collapsed}
          aria-label={toggleLabel}
          onClick={onToggle}
        >
          <Icon name="menu" />
        </button>
      </div>
      <ul className="sidebar__entries">
        {entries.map((entry) => {
          const href = fullPath(entry);
          const active = currentPath === href;
          return (
            <li key={entry.key}>
              <a
                className="sidebar__entry"
                href={href}
                aria-current={active ? 'page' : undefined}
                data-state={active ? 'active' : 'inactive'}
                title={collapsed ? entry.name : undefined}
              >
                <Icon name={entry.icon} />
                <span className="sidebar__label">{entry.name}</span>
              </a>
            </li>
          );
        })}
        <li>
          <button type="button" className="sidebar__entry sidebar__signout" onClick={onSignOut}>
            <Icon name="logout" />
            <span className="sidebar__label">Logout</span>
          </button>
        </li>
      </ul>
      <aside className="sidebar__promo" aria-label="Community">
        <p>Join with 6 million+ happy users</p>
        <a href={vendorLinks.communityGroup} target="_blank" rel="noopener noreferrer">
          Visit Group
        </a>
      </aside>
      <ul className="sidebar__social" aria-label="Follow us">
        {vendorLinks.social.map((network) => (
          <li key={network.name}>
            <a href={network.url} target="_blank" rel="noopener noreferrer">
              {network.name}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
