import { copyMessages } from '../../shared/api/messages';
import { formatDate } from '../../shared/format/dates';
import { formatMoney } from '../../shared/format/money';
import { formatOrderNumber } from '../../shared/format/order-number';
import { splitScheduleText, timesBilledText } from '../../shared/format/split-schedule';
import type { PaymentInfo } from '../../shared/schemas/checkout';
import { CopyButton } from '../../shared/ui/CopyButton';
import { Table } from '../../shared/ui/Table';

type Subscription = PaymentInfo['subscriptions'][number];

/** An instalment plan also says what it charged today and what follows. */
const subscriptionFacts = (s: Subscription, total: number): [string, string][] => [
  ['Subscription', `${s.name} (${formatMoney(s.amount)} / ${s.frequency})`],
  ...(s.bill_times > 0
    ? [['Payments', splitScheduleText(total, s.bill_times - s.times_billed, s.amount)] as [string, string]]
    : []),
  ['Renewal Date', formatDate(s.renewal_date)],
  ['Initial Amount', formatMoney(s.initial_amount)],
  ['Times Billed', timesBilledText(s.times_billed, s.bill_times)],
  ['Status', s.status],
];
type Product = PaymentInfo['products'][number];

/**
 * The receipt (spec §2 Payment success): the payment table, licence keys with click-to-copy, the
 * subscription details and the products table.
 */
export function PaymentDetails({ info }: { info: PaymentInfo }) {
  const payment: [string, string][] = [
    // `payment` is the order number (server/checkout/payment-info.ts), named as everywhere else.
    ['Payment', formatOrderNumber(info.payment)],
    ['Order email', info.email],
    ['Status', info.status],
    ['Payment method', info.payment_method],
    ['Date', formatDate(info.completed_date, { withTime: true })],
    ['Subtotal', formatMoney(info.subtotal)],
    ['Total', formatMoney(info.total)],
  ];
  return (
    <div className="pr__receipt" part="receipt">
      <section className="pr__card" aria-labelledby="pr-payment">
        <h2 id="pr-payment">Payment</h2>
        <dl className="pr__facts">
          {payment.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {info.licenses.length > 0 && (
        <section className="pr__card" aria-labelledby="pr-licences">
          <h2 id="pr-licences">License keys</h2>
          <ul className="pr__keys">
            {info.licenses.map((licence) => (
              <li key={licence.license_key}>
                <span>{licence.name}</span>
                <code>{licence.license_key}</code>
                <CopyButton
                  value={licence.license_key}
                  confirmation={copyMessages.licenseKey}
                  variant="secondary"
                  size="small"
                  aria-label={`Copy license key of ${licence.name}`}
                >
                  Copy
                </CopyButton>
              </li>
            ))}
          </ul>
        </section>
      )}
      {info.subscriptions.length > 0 && (
        <section className="pr__card" aria-labelledby="pr-subscriptions">
          <h2 id="pr-subscriptions">Subscription details</h2>
          {info.subscriptions.map((subscription) => (
            <dl key={`${subscription.name}-${subscription.renewal_date}`} className="pr__facts">
              {subscriptionFacts(subscription, info.total).map(([label, value]) => (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          ))}
        </section>
      )}
      <section className="pr__card" aria-labelledby="pr-products">
        <h2 id="pr-products">Products</h2>
        <Table<Product>
          caption="Products"
          emptyText="No products found"
          rows={info.products}
          rowKey={(row) => `${row.sku}-${row.name}`}
          columns={[
            { key: 'name', header: 'Name' },
            { key: 'sku', header: 'SKU' },
            { key: 'price', header: 'Price', cell: (p) => formatMoney(p.price), align: 'end' },
          ]}
        />
      </section>
    </div>
  );
}
