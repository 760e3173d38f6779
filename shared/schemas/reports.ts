import * as v from 'valibot';
import { maxId } from './ids';
import { isBoolean, recordOf, SessionUserSchema } from './session';

/*
 * Company analytics of spec §1 and §3 (Dashboard report) and `POST /user/switch-account` (the site
 * telemetry the reports count is checked in telemetry-fields.ts). Every number is computed by the server from
 * sites, licences, users and mailing-list rows; nothing here is a stored total.
 */

/** One bar of a distribution: a value (a version, a language, a reason) and how many sites have it. */
export const CountSchema = v.object({ label: v.string(), count: v.number() });
export type Count = v.InferOutput<typeof CountSchema>;

export const ReportProductSchema = v.object({
  download_id: v.number(),
  name: v.string(),
  licences: v.number(),
  active_sites: v.number(),
});

export const ReportSiteSchema = v.object({
  id: v.number(),
  url: v.string(),
  product: v.string(),
  wp_version: v.nullable(v.string()),
  php_version: v.nullable(v.string()),
  plugin_version: v.nullable(v.string()),
  language: v.nullable(v.string()),
  status: v.picklist(['active', 'deactivated']),
  activated_at: v.string(),
  deactivated_at: v.nullable(v.string()),
  deactivation_reason: v.nullable(v.string()),
});
export type ReportSite = v.InferOutput<typeof ReportSiteSchema>;

/** Site activations and deactivations per calendar month (`YYYY-MM`), the last 12 months. */
export const MonthlySitesSchema = v.object({
  month: v.string(),
  activated: v.number(),
  deactivated: v.number(),
});

/** Mailing-list members of the company: current counts and monthly joins and leaves. */
export const MailListAnalyticsSchema = v.object({
  subscribed: v.number(),
  unsubscribed: v.number(),
  cleaned: v.number(),
  monthly: v.array(v.object({ month: v.string(), subscribed: v.number(), unsubscribed: v.number() })),
});

/** spec §3 Dashboard report, for the caller's active company. */
export const DashboardReportSchema = v.object({
  company: v.object({ id: v.number(), name: v.string() }),
  allProducts: v.array(ReportProductSchema),
  /** The most recently activated sites, newest first (at most `siteListLimit`). */
  siteList: v.array(ReportSiteSchema),
  wpVersion: v.array(CountSchema),
  phpVersion: v.array(CountSchema),
  pluginVersion: v.array(CountSchema),
  /** Licences by status (active, expired, …). */
  status: v.array(CountSchema),
  language: v.array(CountSchema),
  de_active_reasons: v.array(CountSchema),
  activeSitesCount: v.number(),
  deactivedSitesCount: v.number(),
  analytics: v.array(MonthlySitesSchema),
  mailChimpAnalytics: MailListAnalyticsSchema,
  totalUserCount: v.number(),
  /** Users whose first licence of the company's products is less than 30 days old. */
  newUserCount: v.number(),
  /** Active sites by set-up: multisite or single, and web server software. */
  sitesConfig: v.object({ multisite: v.array(CountSchema), server: v.array(CountSchema) }),
});
export type DashboardReport = v.InferOutput<typeof DashboardReportSchema>;

/** How many sites `siteList` holds at most; the CSV export has every site. */
export const siteListLimit = 100;

/** `POST /reports/dashboard/overview`: the headline numbers only, for a quick summary. */
export const DashboardOverviewSchema = v.object({
  company: v.object({ id: v.number(), name: v.string() }),
  allProducts: v.array(ReportProductSchema),
  activeSitesCount: v.number(),
  deactivedSitesCount: v.number(),
  totalUserCount: v.number(),
  newUserCount: v.number(),
});
export type DashboardOverview = v.InferOutput<typeof DashboardOverviewSchema>;

const CompanySummarySchema = v.object({
  id: v.number(),
  name: v.string(),
  members: v.number(),
  products: v.number(),
  activeSitesCount: v.number(),
  deactivedSitesCount: v.number(),
  totalUserCount: v.number(),
  newUserCount: v.number(),
  subscribers: v.number(),
});
export type CompanySummary = v.InferOutput<typeof CompanySummarySchema>;

/** `POST /super-admin/reports/dashboard`: every company side by side, and the whole platform's totals. */
export const SuperAdminReportSchema = v.object({
  companies: v.array(CompanySummarySchema),
  totals: v.object({
    companies: v.number(),
    users: v.number(),
    newUsers: v.number(),
    activeSitesCount: v.number(),
    deactivedSitesCount: v.number(),
    /** Completed sales, count and dollars. */
    sales: v.object({ count: v.number(), total: v.number() }),
  }),
  wpVersion: v.array(CountSchema),
  phpVersion: v.array(CountSchema),
  language: v.array(CountSchema),
});
export type SuperAdminReport = v.InferOutput<typeof SuperAdminReportSchema>;

/** `POST /user/switch-account {company_id}` (spec §6): only a company the caller belongs to. */
export const SwitchAccountRequestSchema = v.object({
  company_id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(maxId)),
});

/** The switch answer carries the role permissions of the new profile (spec §6) and the updated user. */
export const SwitchAccountResponseSchema = v.object({
  role_permission: recordOf(isBoolean),
  user: SessionUserSchema,
});
export type SwitchAccountResponse = v.InferOutput<typeof SwitchAccountResponseSchema>;
