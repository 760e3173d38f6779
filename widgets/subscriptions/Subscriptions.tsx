import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { apiFor } from '../../shared/api';
import { type CommonElementProps, ElementTitle, useElementHost } from '../../shared/element';
import { formatDate, formatMoney, subscriptionBadge, toDate } from '../../shared/format';
import { profileCardsPath } from '../../shared/portal/paths';
import type { Subscription, SubscriptionAction } from '../../shared/schemas/subscriptions';
import { subscriptionsStoreFor } from '../../shared/stores/subscriptions';
import {
  Badge,
  Button,
  ButtonLink,
  ConfirmDialog,
  LoadFailure,
  Table,
  type TableColumn,
  Toaster,
} from '../../shared/ui';

export type SubscriptionsProps = CommonElementProps;

/** The confirm modal's question, the same for both actions (spec §2 Subscriptions). */
const question = 'Are you sure you want to cancel/reactivate subscription?';

/**
 * The action a row offers: Cancel while active (spec §2); Reactivate while cancelled and its paid
 * period has not ended (the update call supports it, spec §4, and the server allows exactly that).
 */
export function actionFor(subscription: Subscription, now = new Date()): SubscriptionAction | null {
  if (subscription.status === 'active') return 'cancel';
  const renewal = toDate(subscription.renewal_date);
  return subscription.status === 'cancelled' && renewal && renewal > now ? 'reactivate' : null;
}

/**
 * `<vendor-subscriptions>`: the customer's subscriptions (spec §2 Subscriptions): Subscription (name,
 * price name, $amount / frequency), Status, Renewal Date, Initial Amount and Actions; Cancel (and
 * Reactivate) after a yes/no question. Needs a signed-in visitor (token in `localStorage.access_token`).
 *
 * Its attributes, events, parts and custom properties are documented on the element (`element.ts`),
 * from which the build writes custom-elements.json.
 */
export function Subscriptions({ apiBase }: SubscriptionsProps) {
  const store = useMemo(() => subscriptionsStoreFor(apiFor(apiBase)), [apiBase]);
  const list = useStore(store.$subscriptions);
  const { emit } = useElementHost();
  const headingId = useId();
  const [asking, setAsking] = useState<{ id: number; type: SubscriptionAction } | null>(null);

  useEffect(() => {
    void store.load();
  }, [store]);

  const confirm = async () => {
    if (!asking) return;
    const done = await store.update(asking.id, asking.type);
    if (done) {
      const status = store.$subscriptions.get().subscriptions.find((s) => s.ID === asking.id)?.status;
      emit('vendor-subscription-updated', { id: asking.id, type: asking.type, status });
    }
    setAsking(null);
  };

  const columns: TableColumn<Subscription>[] = [
    {
      key: 'subscription',
      header: 'Subscription',
      cell: (s) => (
        <div className="subscriptions__product">
          <span className="subscriptions__name">{s.name}</span>
          <span className="subscriptions__plan">
            {s.price_name && <span>{s.price_name}</span>}
            <span>
              {formatMoney(s.amount)} / {s.frequency}
            </span>
          </span>
        </div>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (s) => <Badge tone={subscriptionBadge(s.status)}>{s.status}</Badge>,
    },
    {
      key: 'renewal',
      header: 'Renewal Date',
      cell: (s) =>
        s.renews_by === 'link' ? (
          <span className="subscriptions__plan">
            <span>{formatDate(s.renewal_date)}</span>
            <span>Renews by link</span>
          </span>
        ) : (
          formatDate(s.renewal_date)
        ),
    },
    { key: 'initial', header: 'Initial Amount', align: 'end', cell: (s) => formatMoney(s.initial_amount) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'end',
      cell: (s) => {
        // A refused renewal is retried on a schedule; a new default card pays it at once.
        if (s.status === 'failing') {
          return (
            <ButtonLink
              variant="primary"
              size="small"
              className="subscriptions__update-card"
              href={profileCardsPath}
              aria-label={`Update card for ${s.name} subscription`}
            >
              Update card
            </ButtonLink>
          );
        }
        const type = actionFor(s);
        if (!type) return <span className="subscriptions__none">—</span>;
        return (
          <Button
            variant={type === 'cancel' ? 'danger' : 'secondary'}
            size="small"
            aria-label={`${type === 'cancel' ? 'Cancel' : 'Reactivate'} ${s.name} subscription`}
            loading={list.updating === s.ID}
            onClick={() => setAsking({ id: s.ID, type })}
          >
            {type === 'cancel' ? 'Cancel' : 'Reactivate'}
          </Button>
        );
      },
    },
  ];

  const loading = list.state === 'idle' || list.state === 'loading';

  return (
    <section className="subscriptions" part="root" aria-labelledby={headingId} aria-busy={loading}>
      <ElementTitle id={headingId} className="subscriptions__heading">
        Subscriptions
      </ElementTitle>
      <Toaster />
      {list.state === 'error' ? (
        <LoadFailure message={list.error} onRetry={() => void store.reload()} />
      ) : (
        <Table
          caption="Subscriptions"
          columns={columns}
          rows={list.subscriptions}
          rowKey={(s) => s.ID}
          emptyText="Sorry, you have no subscriptions."
          loading={loading}
          skeletonRows={2}
        />
      )}
      <ConfirmDialog
        open={asking !== null}
        question={question}
        busy={list.updating !== null}
        danger={asking?.type === 'cancel'}
        onCancel={() => setAsking(null)}
        onConfirm={() => void confirm()}
      />
    </section>
  );
}
