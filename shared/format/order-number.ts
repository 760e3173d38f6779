/**
 * How a purchase is named wherever a person sees it (history, Manage License, invoices, the shop
 * manager's orders, mails): its order number, the payment's `number` ('1003' → '#1003'), never its
 * database id nor its invoice number (issue 23: one purchase, one number).
 */
export function formatOrderNumber(number: string): string {
  return `#${number}`;
}

/** 'Order #1003', where the number stands alone. */
export function orderLabel(number: string): string {
  return `Order ${formatOrderNumber(number)}`;
}
