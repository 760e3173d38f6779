import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { homeFor } from '../../portal/resolve';
import { fullPath, userRoutes } from '../../portal/routes';
import { createReactEdition } from '../../shared/element/react-edition';
import type { SessionUser } from '../../shared/schemas/session';
import { session } from '../../shared/stores/session';
import { products } from '../../test/fixtures/licences';
import { newsPosts } from '../../test/fixtures/news';
import { companyReport, platformReport } from '../../test/fixtures/reports';
import { sessionUser } from '../../test/fixtures/session-user';
import { Dashboard } from '../../widgets/portal/Dashboard';
import portalStyles from '../../widgets/portal/portal.css?inline';
import { RouteElement } from '../../widgets/portal/RouteElement';
import { elementFor } from '../../widgets/portal/route-element';
import { UserShell } from '../../widgets/portal/UserShell';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';
import { signedIn } from '../support/session';
import { seeInShadow } from '../support/shadow';
import { dark, narrow } from '../support/variants';

/*
 * <vendor-portal> owns the page's address (it routes /user/... itself), which a story cannot hand it
 * inside Storybook's preview frame. These stories render what it renders on the landing page of each
 * account type: the same shell, sidebar and header, and the dashboard or the super-admin report, with
 * the feature elements inside loaded as in the portal.
 */

interface PortalHomeProps {
  user: SessionUser;
  apiBase?: string;
  theme?: string;
}

function PortalHome({ user, apiBase, theme }: PortalHomeProps) {
  const home = homeFor(user.accountType);
  const route = userRoutes.find((entry) => fullPath(entry) === home);
  if (!route) throw new Error(`No route for ${home}`);
  return (
    <div className="portal">
      <UserShell
        route={route}
        currentPath={home}
        user={user}
        collapsedFromOutside={false}
        switching={false}
        onSignOut={() => {}}
        onSwitchBack={() => {}}
      >
        {route.key === 'dashboard' ? (
          <Dashboard user={user} apiBase={apiBase} theme={theme} />
        ) : (
          <RouteElement use={elementFor(route, {}, '')} apiBase={apiBase} theme={theme} />
        )}
      </UserShell>
    </div>
  );
}

const PortalEdition = createReactEdition(PortalHome, portalStyles);

/** The calls the landing pages make, by path; `all` answers every one the same (loading, failure). */
function portalApi(user: SessionUser, all?: FixtureReply, headers: Record<string, string> = {}): string {
  const reply = (path: string): FixtureReply => {
    if (path === '/products') return { body: products, headers: { 'X-WP-Total': '4' } };
    if (path === '/wp/v2/posts') return { body: newsPosts, headers: { 'X-WP-Total': '3' } };
    if (path === '/profile') return { body: user };
    if (path === '/super-admin/reports/dashboard') return { body: platformReport };
    if (path.endsWith('/reports/dashboard')) return { body: companyReport('Acme Agency', 1, 12) };
    return { status: 404, body: { code: 'not_found' } };
  };
  return fixtureApi((url) => {
    if (all) return all;
    const answer = reply(url.pathname.replace(/^.*\/api\/v1/, ''));
    return answer === 'pending' ? answer : { ...answer, headers: { ...answer.headers, ...headers } };
  });
}

/** The server's word that the account owes a 2FA setup (spec §7 headers): the shell's 2FA banner. */
const twoFactorDue = { 'X-2FA-Required': 'false', 'X-2FA-Setup': '1' };

/** Each story starts without the 2FA signal a story before may have left on the page's session. */
const noTwoFactorSignal: Decorator = (Story) => {
  session.$twoFactorDue.set(false);
  return Story();
};

const meta = {
  title: 'Elements/vendor-portal',
  component: PortalEdition,
  args: { onVendorEvent: fn() },
  // The feature elements inside show their signed-in content.
  decorators: [signedIn, noTwoFactorSignal],
  parameters: {
    element: { tag: 'vendor-portal' },
    layout: 'fullscreen',
    docs: {
      description: {
        component:
          'The whole account area: paste it alone on the page that serves /auth/*, /user/* and /checkout. Below, the landing page of each account type (spec §6): the sidebar, the dashboard panels and the banners differ by role.',
      },
    },
  },
} satisfies Meta<typeof PortalEdition>;

export default meta;
type Story = StoryObj<typeof meta>;

const as = (user: SessionUser, all?: FixtureReply, headers?: Record<string, string>): Story => ({
  args: { user, apiBase: portalApi(user, all, headers) },
});

const customer = sessionUser('CUSTOMER', 'Casey Customer');

export const Customer: Story = as(customer);
export const CustomerLoading: Story = as(customer, 'pending');
export const CustomerFailed: Story = as(customer, {
  status: 500,
  body: { code: 'internal_server_error', message: 'boom' },
});
export const CustomerWithoutTwoFactor: Story = as({ ...customer, twoFA: { totp: false, email: false } });
export const CustomerOwingTwoFactor: Story = {
  ...as({ ...customer, twoFA: { totp: false, email: false } }, undefined, twoFactorDue),
  play: seeInShadow('a', 'Set up two-factor authentication'),
};
export const Affiliate: Story = as(sessionUser('CUSTOMER', 'Avery Affiliate', { has_affiliates: true }));
export const Company: Story = as(
  sessionUser('CUSTOMER', 'Cora Company', {
    is_customer: false,
    role_permission: { view_reports: true, export_data: true },
    activeProfile: { id: 1, name: 'Acme Agency' },
    allProfiles: [{ id: 1, name: 'Acme Agency' }],
  }),
);
export const ShopManager: Story = as(sessionUser('SHOP_MANAGER', 'Morgan Manager'));
export const ShopManagerInCustomerAccount: Story = as({
  ...customer,
  switched_user: true,
  switch_back_to: { user_id: 9, display_name: 'Morgan Manager', first_name: 'Morgan', last_name: 'Manager' },
});
export const Admin: Story = as(sessionUser('ADMIN', 'Ada Admin'));
export const SuperAdmin: Story = as(sessionUser('SUPER_ADMIN', 'Sam Super', { is_customer: false }));

export const Dark: Story = dark(Customer);
export const Narrow: Story = narrow(Customer);
