import type { Meta, StoryObj } from '@storybook/react-vite';
import { companyReport, companyUser } from '../../test/fixtures/reports';
import { Reports } from '../../widgets/reports/react';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';

/** A pretend API: the company user for /profile, and the report (or `reportReply`) for the rest. */
const reportsApi = (reportReply: FixtureReply, exportData = true) =>
  fixtureApi((url) =>
    url.pathname.endsWith('/profile') ? { body: companyUser(1, exportData) } : reportReply,
  );

const meta = {
  title: 'Elements/vendor-reports',
  component: Reports,
  parameters: {
    docs: {
      description: {
        component:
          'Company analytics with the profile switcher and the CSV export; `view="super-admin"` for the separate report. Paste: `<script type="module" src="/widgets/loader.js"></script>` then `<vendor-reports api-base="https://portal.example.com/api/v1"></vendor-reports>`.',
      },
    },
  },
} satisfies Meta<typeof Reports>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Company: Story = {
  args: { apiBase: reportsApi({ body: companyReport('Acme Agency', 1, 12) }) },
};

export const WithoutExport: Story = {
  args: { apiBase: reportsApi({ body: companyReport('Globex Studio', 2, 4) }, false) },
};

export const Loading: Story = { args: { apiBase: reportsApi('pending') } };

export const Failed: Story = {
  args: { apiBase: reportsApi({ status: 500, body: { code: 'internal_server_error', message: 'boom' } }) },
};

export const Dark: Story = {
  args: { apiBase: reportsApi({ body: companyReport('Acme Agency', 1, 12) }), theme: 'dark' },
};
