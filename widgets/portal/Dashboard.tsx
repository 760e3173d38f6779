import { shellLinksFor } from '../../portal/shell-links';
import { paging, vendorLinks } from '../../shared/catalogue';
import type { SessionUser } from '../../shared/schemas/session';
import { ButtonLink } from '../../shared/ui/Button';
import { RouteElement } from './RouteElement';

export interface DashboardProps {
  user: SessionUser | null;
  apiBase: string | undefined;
  theme: string | undefined;
}

/**
 * The welcome dashboard of spec §2: a greeting, My Products (3, with All Products; hidden for users
 * flagged is_customer false), the Knowledgebase panel and Latest News (3 posts, Browse All Posts).
 */
export function Dashboard({ user, apiBase, theme }: DashboardProps) {
  // Null for users flagged is_customer false: no products section (spec §2 Welcome dashboard).
  const allProducts = shellLinksFor({
    accountType: user?.accountType ?? null,
    isCustomer: user?.is_customer ?? null,
  }).allProducts;
  return (
    <div className="dashboard">
      <p className="dashboard__greeting">Welcome back, {user?.display_name ?? ''}!</p>
      {allProducts && (
        <section className="dashboard__panel dashboard__products" aria-labelledby="dashboard-products">
          <div className="dashboard__panel-head">
            <h2 id="dashboard-products">My Products</h2>
            <ButtonLink variant="secondary" size="small" href={allProducts}>
              All Products
            </ButtonLink>
          </div>
          <RouteElement
            use={{
              tag: 'vendor-licenses',
              attributes: { view: 'products', limit: String(paging.dashboardProducts) },
            }}
            apiBase={apiBase}
            theme={theme}
          />
        </section>
      )}
      {user?.activeProfile && (
        // A company account's dashboard report (spec §1 Company and analytics accounts).
        <section className="dashboard__panel dashboard__report" aria-labelledby="dashboard-report">
          <h2 id="dashboard-report">Company report</h2>
          <RouteElement
            use={{ tag: 'vendor-reports', attributes: { view: 'company' } }}
            apiBase={apiBase}
            theme={theme}
          />
        </section>
      )}
      <section className="dashboard__panel" aria-labelledby="dashboard-knowledgebase">
        <h2 id="dashboard-knowledgebase">Knowledgebase</h2>
        <p>Guides for every product, and videos that show them at work.</p>
        <ul className="dashboard__links">
          <li>
            <a href={vendorLinks.documentation} target="_blank" rel="noopener noreferrer">
              Documentation
            </a>
          </li>
          <li>
            <a href={vendorLinks.videoChannel} target="_blank" rel="noopener noreferrer">
              Video tutorials
            </a>
          </li>
        </ul>
      </section>
      <section className="dashboard__panel dashboard__news">
        <RouteElement use={{ tag: 'vendor-news', attributes: {} }} apiBase={apiBase} theme={theme} />
      </section>
    </div>
  );
}
