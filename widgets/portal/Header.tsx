import { useEffect, useId, useRef, useState } from 'react';
import { timings } from '../../shared/catalogue';
import type { SessionUser } from '../../shared/schemas/session';
import { Avatar } from '../../shared/ui/Avatar';
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
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const switched = Boolean(user?.switch_back_to);

  useEffect(() => {
    if (!open) return;
    // Close when a click lands outside the dropdown (composedPath sees through shadow roots).
    const close = (event: Event) => {
      if (wrapper.current && !event.composedPath().includes(wrapper.current)) setOpen(false);
    };
    // Escape closes it and gives focus back to the button that opened it.
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      trigger.current?.focus();
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', closeOnEscape);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', closeOnEscape);
    };
  }, [open]);

  return (
    <header className="header" part="header" data-state={sticky ? 'sticky' : 'static'} aria-busy={switching}>
      <button type="button" className="header__menu" aria-label="Toggle sidebar" onClick={onToggleSidebar}>
        <Icon name="menu" />
      </button>
      <div className="header__account" ref={wrapper}>
        <button
          ref={trigger}
          type="button"
          className="header__trigger"
          aria-expanded={open}
          aria-controls={menuId}
          onClick={() => setOpen(!open)}
        >
          {user && <Avatar name={user.display_name} src={user.gravatar} size={32} />}
          <span className="header__name">{user?.display_name ?? ''}</span>
          <Icon name="chevron" size={16} />
        </button>
        <div id={menuId} className="header__dropdown" hidden={!open} data-state={open ? 'open' : 'closed'}>
          <p className="header__label">
            Your are logged in as <strong>{user?.display_name ?? ''}</strong>
          </p>
          <ul>
            <li>
              <a href={profileHref} onClick={() => setOpen(false)}>
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
