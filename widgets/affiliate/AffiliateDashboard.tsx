import type { Affiliate } from '../../shared/schemas/affiliates';
import type { AffiliateStore } from '../../shared/stores/affiliates';
import { type TabItem, Tabs } from '../../shared/ui/Tabs';
import { CreativesTab } from './CreativesTab';
import { ListTab } from './ListTab';
import { SampleTab, sampleTabs } from './SampleTabs';
import { texts } from './texts';
import { UrlTab } from './UrlTab';

interface AffiliateDashboardProps {
  store: AffiliateStore;
  affiliate: Affiliate;
  initialTab?: string;
}

/**
 * The tabs of an active affiliate (spec §2). Graph, Settings and Statistics exist but are not in the
 * menu: only the `tab` attribute opens them, and they show static sample content.
 */
export function AffiliateDashboard({ store, affiliate, initialTab }: AffiliateDashboardProps) {
  const hidden = sampleTabs.find((id) => id === initialTab);
  if (hidden) return <SampleTab id={hidden} />;
  const items: TabItem[] = [
    { id: 'url', label: texts.tabs.url, content: <UrlTab affiliate={affiliate} /> },
    { id: 'referrals', label: texts.tabs.referrals, content: <ListTab store={store} kind="referrals" /> },
    { id: 'payouts', label: texts.tabs.payouts, content: <ListTab store={store} kind="payouts" /> },
    { id: 'visits', label: texts.tabs.visits, content: <ListTab store={store} kind="visits" /> },
    {
      id: 'creatives',
      label: texts.tabs.creatives,
      content: <CreativesTab store={store} affiliate={affiliate} />,
    },
  ];
  const first = items.some((item) => item.id === initialTab) ? initialTab : 'url';
  return <Tabs label={texts.heading} items={items} defaultValue={first} />;
}
