import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { DashboardReport } from '../../shared/schemas/reports';
import { companyReport, companyUser, platformReport } from '../../test/fixtures/reports';
import { Reports } from '../../widgets/reports/react';
import { type FixtureReply, fixtureApi } from '../support/fixture-api';
import { dark, narrow } from '../support/variants';

/** A pretend API: the company user for /profile, and the report (or `reportReply`) for the rest. */
const reportsApi = (reportReply: FixtureReply, exportData = true) =>
  fixtureApi((url) =>
    url.pathname.endsWith('/profile') ? { body: companyUser(1, exportData) } : reportReply,
  );

/** A company that has bought nothing yet: no products, no sites, no figures. */
const emptyCompanyReport: DashboardReport = {
  ...companyReport('Acme Agency', 1, 0),
  allProducts: [],
  siteList: [],
  wpVersion: [],
  phpVersion: [],
  pluginVersion: [],
  status: [],
  language: [],
  de_active_reasons: [],
  deactivedSitesCount: 0,
  analytics: [],
};

const meta = {
  title: 'Elements/vendor-reports',
  component: Reports,
  args: { onVendorEvent: fn() },
  parameters: {
    element: { tag: 'vendor-reports' },
    docs: {
      description: {
        component:
          'Company analytics with the profile switcher and the CSV export; `view="super-admin"` for the separate report.',
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

export const Dark: Story = dark(Company);
export const Narrow: Story = narrow(Company);

export const CompanyEmpty: Story = { args: { apiBase: reportsApi({ body: emptyCompanyReport }) } };

/** `view="super-admin"`: every company and the whole platform, for the super-admin account only. */
export const SuperAdmin: Story = {
  args: { apiBase: reportsApi({ body: platformReport }), view: 'super-admin' },
};
export const SuperAdminLoading: Story = { args: { apiBase: reportsApi('pending'), view: 'super-admin' } };
export const SuperAdminEmpty: Story = {
  args: {
    apiBase: reportsApi({
      body: { ...platformReport, companies: [], totals: { ...platformReport.totals, companies: 0 } },
    }),
    view: 'super-admin',
  },
};
export const SuperAdminFailed: Story = {
  args: {
    apiBase: reportsApi({
      status: 403,
      body: { code: 'rest_forbidden', message: 'Sorry, you are not allowed.' },
    }),
    view: 'super-admin',
  },
};
export const SuperAdminDark: Story = dark(SuperAdmin);
