import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Affiliate } from '../../widgets/affiliate/react';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';
import { signedIn, signedOut } from '../support/session';
import { clickInShadow } from '../support/shadow';
import { dark, narrow } from '../support/variants';

const affiliate = {
  id: 7,
  status: 'active',
  referral_url: 'https://portal.example.com/?ref=7',
  referral_var: 'ref',
};
const failed: FixtureReply = { status: 500, body: { code: 'internal_server_error', message: 'boom' } };

const referrals = Array.from({ length: 20 }, (_, i) => ({
  id: i + 1,
  reference: String(2003 - i),
  amount: 9.9 + i,
  description: i % 3 ? 'Addons Plugin - 1 Site' : 'Agency Bundle - Agency Yearly',
  status: ['paid', 'unpaid', 'rejected'][i % 3],
  date: new Date(Date.UTC(2026, 9, 30 - i)).toISOString(),
}));
const payouts = [
  { id: 1, amount: 45, payout_method: 'PayPal', status: 'processing', date: '2026-11-20T00:00:00Z' },
  { id: 2, amount: 20, payout_method: 'PayPal', status: 'paid', date: '2026-09-24T00:00:00Z' },
];
const visits = [
  {
    id: 1,
    url: 'https://vendor.example/plugins/addons/?ref=7',
    referrer: 'https://avery-reviews.example/best-addons',
    referral_id: 1,
    campaign: 'spring-review',
    date: '2026-11-22T00:00:00Z',
  },
  {
    id: 2,
    url: 'https://vendor.example/?ref=7',
    referrer: '',
    referral_id: null,
    campaign: null,
    date: '2026-11-15T00:00:00Z',
  },
];
/** The banner the server ships (`server/assets`); Storybook shows its alt text where it is not served. */
const creativeImage = '/assets/creatives/banner-728x90.svg';
const creatives = [
  {
    id: 1,
    name: 'Leaderboard banner',
    image: creativeImage,
    text: 'Build better sites with our plugins',
    url: 'https://vendor.example/',
  },
  {
    id: 2,
    name: 'Agency bundle text link',
    image: '',
    text: 'Every plugin, one price',
    url: 'https://vendor.example/bundle/',
  },
];

/** A pretend API by path; `overrides` replace single answers (a failure, a pending call). */
function api(
  overrides: Record<string, FixtureReply> = {},
  account: typeof affiliate | null = affiliate,
): string {
  const answers: Record<string, FixtureReply> = {
    '/affiliate': { body: { affiliate: account } },
    '/referrals': { body: { data: referrals, total: 45 } },
    '/payouts': { body: { data: payouts, total: 2 } },
    '/visits': { body: { data: visits, total: 2 } },
    '/creatives': { body: { data: creatives, total: 2 } },
    ...overrides,
  };
  return fixtureApi((url) => answers[url.pathname.replace(/^.*\/api\/v1/, '')] ?? failed);
}

const meta = {
  title: 'Elements/vendor-affiliate',
  component: Affiliate,
  args: { onVendorEvent: fn() },
  parameters: {
    element: { tag: 'vendor-affiliate' },
    docs: {
      description: {
        component:
          'The affiliate area (Affiliate Url, Referrals, Payouts, Visits, Creatives) or, without an affiliate account, the registration form with its proof-of-work captcha (`view="registration"` for the public page).',
      },
    },
  },
} satisfies Meta<typeof Affiliate>;

export default meta;
type Story = StoryObj<typeof meta>;

export const AffiliateUrl: Story = { args: { apiBase: api() }, decorators: [signedIn] };

export const GeneratedUrl: Story = {
  args: { apiBase: api() },
  decorators: [signedIn],
  play: clickInShadow('Generate URL'),
};

export const Referrals: Story = { args: { apiBase: api(), tab: 'referrals' }, decorators: [signedIn] };

export const ReferralsLoading: Story = {
  args: { apiBase: api({ '/referrals': 'pending' }), tab: 'referrals' },
  decorators: [signedIn],
};

export const ReferralsFailed: Story = {
  args: { apiBase: api({ '/referrals': failed }), tab: 'referrals' },
  decorators: [signedIn],
};

export const ReferralsEmpty: Story = {
  args: { apiBase: api({ '/referrals': { body: { data: [], total: 0 } } }), tab: 'referrals' },
  decorators: [signedIn],
};

export const Payouts: Story = { args: { apiBase: api(), tab: 'payouts' }, decorators: [signedIn] };

export const PayoutsFailed: Story = {
  args: { apiBase: api({ '/payouts': failed }), tab: 'payouts' },
  decorators: [signedIn],
};

export const Visits: Story = { args: { apiBase: api(), tab: 'visits' }, decorators: [signedIn] };

export const VisitsFailed: Story = {
  args: { apiBase: api({ '/visits': failed }), tab: 'visits' },
  decorators: [signedIn],
};

export const Creatives: Story = { args: { apiBase: api(), tab: 'creatives' }, decorators: [signedIn] };

export const CreativesFailed: Story = {
  args: { apiBase: api({ '/creatives': failed }), tab: 'creatives' },
  decorators: [signedIn],
};

export const GraphSample: Story = { args: { apiBase: api(), tab: 'graphs' }, decorators: [signedIn] };
export const SettingsSample: Story = { args: { apiBase: api(), tab: 'settings' }, decorators: [signedIn] };
export const StatisticsSample: Story = { args: { apiBase: api(), tab: 'stats' }, decorators: [signedIn] };

export const Loading: Story = { args: { apiBase: api({ '/affiliate': 'pending' }) }, decorators: [signedIn] };

export const Pending: Story = {
  args: { apiBase: api({}, { ...affiliate, status: 'pending' }) },
  decorators: [signedIn],
};

export const RegistrationSignedIn: Story = { args: { apiBase: api({}, null) }, decorators: [signedIn] };

export const Registration: Story = {
  args: { apiBase: api(), view: 'registration' },
  decorators: [signedOut],
};

export const RegistrationErrors: Story = {
  args: { apiBase: api(), view: 'registration' },
  decorators: [signedOut],
  play: clickInShadow('Register'),
};

export const Dark: Story = dark(Referrals);
export const Narrow: Story = narrow(AffiliateUrl);
