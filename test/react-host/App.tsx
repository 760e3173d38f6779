import { useCallback, useState, version } from 'react';
import { Checkout, News, type ReactEditionProps } from 'vendor-portal/react';

type VendorEventListener = NonNullable<ReactEditionProps['onVendorEvent']>;

export interface AppProps {
  /** The vendor API v1 the components call (another origin than this app). */
  apiBase: string;
}

/**
 * A shop page of a React app: the checkout and the vendor's news from the package's React edition,
 * and the events the checkout reported, kept in React state the way a host app would use them.
 */
export function App({ apiBase }: AppProps) {
  const [events, setEvents] = useState<string[]>([]);
  const onVendorEvent = useCallback<VendorEventListener>((name) => {
    setEvents((seen) => [...seen, name]);
  }, []);

  return (
    <main>
      <h1>Our shop</h1>
      <p data-react-version={version}>Rendered by React {version}.</p>
      <Checkout apiBase={apiBase} onVendorEvent={onVendorEvent} />
      <News apiBase={apiBase} theme="dark" heading="From the vendor" />
      <h2>Events</h2>
      <ol aria-label="Vendor events">
        {events.map((name, index) => (
          // The log only grows: an event's position is its identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above.
          <li key={index}>{name}</li>
        ))}
      </ol>
    </main>
  );
}
