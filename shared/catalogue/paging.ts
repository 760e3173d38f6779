/** Page sizes and counts of spec §9 (and the news call of §7). */
export const paging = {
  /** My Products page. */
  products: 20,
  /** My Products on the welcome dashboard. */
  dashboardProducts: 3,
  /** Latest news posts (dashboard and the news call). */
  news: 3,
  /** Visits, referrals and payouts. */
  affiliateLists: 20,
  /** Creatives are fetched in one page of 100 from offset 0. */
  creatives: 100,
  /** Shop manager user list. */
  users: 20,
  /** The user list starts at page 1, not 0. */
  firstUsersPage: 1,
  /** The fixed list of free downloads. */
  freeDownloads: 12,
} as const;
