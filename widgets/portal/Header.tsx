import { timings } from '../../shared/catalogue';
import type { SessionUser } from '../../shared/schemas/session';
import { Avatar } from '../../shared/ui/Avatar';
import { useMenuPopover } from '../../shared/ui/menu-popover';
import { Icon } from './Icon';
import { useScrolledPast } from './use-scrolled-past';

export interface HeaderProps {
  user: SessionUser | null;
  /** The dropdown's Profile: the profile page this user may open (portal/shell-links.ts). */
  profileHref: string;
  onToggleSidebar: () => void;
  onSignOut: () => void;
  onSwitchBack: () => void;
  switching: boolean;
}

/**
 * The header of spec §2: sticky once the page scrolled past 300px, and the account dropdown with Profile,
 * Logout (hidden while switched into another account), Switch Back (only while switched) and the label
 * 'Your are logged in as'.
 */
export function Header({
  user,
  profileHref,
  onToggleSidebar,
  onSignOut,
  onSwitchBack,
  switching,
}: HeaderProps) {
  const sticky = useScrolledPast(timings.stickyHeaderPx);
  // A popover: the platform closes it on a press elsewhere and on Escape (focus back to its button).
  const menu = useMenuPopover<HTMLDivElement>();
  const switched = Boolean(user?.switch_back_to);

  return (
    <header className="header" part="header" data-state={sticky ? 'sticky' : 'static'} aria-busy={switching}>
      <button type="button" className="header__menu" aria-label="Toggle sidebar" onClick={onToggleSidebar}>
        <Icon name="menu" />
      </button>
      <div className="header__account">
        <button
          ref={menu.buttonRef}
          type="button"
          className="header__trigger"
          popoverTarget={menu.menuId}
          aria-expanded={menu.open}
          aria-controls={menu.menuId}
        >
          {user && <Avatar name={user.display_name} src={user.gravatar} size={32} />}
          <span className="header__name">{user?.display_name ?? ''}</span>
          <Icon name="chevron" size={16} />
        </button>
        <div
          ref={menu.menuRef}
          id={menu.menuId}
          className="header__dropdown ui-menu-popover"
          popover="auto"
          data-state={menu.open ? 'open' : 'closed'}
        >
          <p className="header__label">
            Your are logged in as <strong>{user?.display_name ?? ''}</strong>
          </p>
          <ul>
            <li>
              <a href={profileHref} onClick={menu.close}>
                Profile
              </a>
            </li>
            {switched ? (
              <li>
                <button type="button" onClick={onSwitchBack} disabled={switching}>
                  Switch Back
                </button>
              </li>
            ) : (
              <li>
                <button type="button" onClick={onSignOut}>
                  Logout
                </button>
              </li>
            )}
          </ul>
        </div>
      </div>
    </header>
  );
}
