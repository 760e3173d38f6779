import { useStore } from '@nanostores/react';
import type { ApiClient } from '../../shared/api';
import { session } from '../../shared/stores/session';
import { lazyComponent } from '../../shared/ui/lazy-component';

/*
 * The signed-in header (the profile menu, the session user's load, Switch Back: ≈ 2 KB gzip with the
 * popover and the account store) is fetched only once there is a token: a visitor who is not signed in,
 * most of a product page's visitors, never downloads it. The header keeps its height meanwhile.
 */
const AccountMenu = lazyComponent<{ api: ApiClient; portal: string }>(
  () => import('./AccountMenu').then((module) => module.AccountMenu),
  <div className="co__header" part="header" aria-busy="true" />,
);

/**
 * The checkout header (spec §2): Sign In (to /auth/sign-in?redirect=checkout) for a visitor who is not
 * signed in, or the profile menu (AccountMenu.tsx).
 */
export function CheckoutHeader({ api, portal }: { api: ApiClient; portal: string }) {
  const token = useStore(session.$token);
  if (token) return <AccountMenu api={api} portal={portal} />;
  return (
    <div className="co__header" part="header">
      <a href={`${portal}/auth/sign-in?redirect=checkout`}>Sign In</a>
    </div>
  );
}
