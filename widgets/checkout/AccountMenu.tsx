import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { ApiClient } from '../../shared/api';
import { useElementHost } from '../../shared/element';
import { useLeaveTo } from '../../shared/element/navigation';
import { useOwnStyles } from '../../shared/element/use-styles';
import { $sessionUserLoad, ensureSessionUser, loadSessionUser } from '../../shared/stores/account';
import { signOutFromCheckout, switchBackFromCheckout } from '../../shared/stores/cart-session';
import { session } from '../../shared/stores/session';
import { LoadFailure } from '../../shared/ui/LoadFailure';
import { useMenuPopover } from '../../shared/ui/menu-popover';
import menuStyles from './account-menu.css?inline';

/**
 * The checkout header of a signed-in visitor (spec §2): a profile menu with Profile, Switch Back (while
 * switched) and Logout (hidden while switched), and 'Your are logged in as:' while switched. Switch Back
 * works as the portal's: the manager's own session, then the portal's dashboard loaded afresh (spec §4
 * "Switching back reloads the dashboard"). Loaded on demand by CheckoutHeader, only once there is a token.
 */
export function AccountMenu({ api, portal }: { api: ApiClient; portal: string }) {
  useOwnStyles(menuStyles);
  const token = useStore(session.$token);
  const user = useStore(session.$user);
  const userLoad = useStore($sessionUserLoad);
  const { emit } = useElementHost();
  const leaveTo = useLeaveTo();
  const menu = useMenuPopover<HTMLUListElement>();
  const [switching, setSwitching] = useState(false);
  const [switchError, setSwitchError] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new token (sign-in elsewhere) means a new user to load.
  useEffect(() => {
    void ensureSessionUser(api);
  }, [api, token, user]);

  const doSwitchBack = () => {
    setSwitching(true);
    setSwitchError(null);
    switchBackFromCheckout(api)
      .then((switchedBack) => {
        setSwitching(false);
        if (!switchedBack) return;
        emit('vendor-switch-back', {});
        leaveTo(`${portal}/user/dashboard`);
      })
      .catch((error: Error) => {
        setSwitching(false);
        setSwitchError(error.message);
      });
  };

  const switched = Boolean(user?.switched_user || user?.switch_back_to);
  return (
    <div className="co__header" part="header">
      {!user && userLoad.state === 'error' && (
        <LoadFailure
          className="co__header-failure"
          message={userLoad.error}
          onRetry={() => void loadSessionUser(api)}
        />
      )}
      {switched && <span className="co__muted">Your are logged in as:</span>}
      <div className="co__menu" data-state={user || userLoad.state === 'error' ? 'ready' : 'pending'}>
        {/* The popover's button: the platform opens and closes the menu, Escape gives focus back here. */}
        <button
          ref={menu.buttonRef}
          type="button"
          popoverTarget={menu.menuId}
          aria-expanded={menu.open}
          aria-controls={menu.menuId}
        >
          {user?.display_name || 'My account'}
        </button>
        <ul ref={menu.menuRef} id={menu.menuId} className="co__card ui-menu-popover" popover="auto">
          <li>
            <a href={`${portal}/user/profile`}>Profile</a>
          </li>
          {switched ? (
            <li>
              <button type="button" onClick={doSwitchBack} disabled={switching} aria-busy={switching}>
                Switch Back
              </button>
              {switchError && (
                <p className="co__error" role="alert">
                  {switchError}
                </p>
              )}
            </li>
          ) : (
            <li>
              <button type="button" onClick={() => void signOutFromCheckout(api)}>
                Logout
              </button>
            </li>
          )}
        </ul>
      </div>
    </div>
  );
}
