import * as v from 'valibot';
import type { AddressOptions } from './forms/address';
import { invoiceFormSchema } from './forms/invoice';
import { maxId } from './ids';

/**
 * Purchase history and invoices of spec §3 and §7 (`GET /history` without parameters, `GET /invoice`,
 * `POST /invoice`), shared by the server and `<vendor-purchases>`.
 */

/** A purchased product's licence, as the history lists it; null for a product without one. */
export const PurchaseLicenceSchema = v.object({
  license_id: v.number(),
  license_key: v.string(),
  status: v.string(),
});

/** spec §3 Purchase → product (ID is the product's download id). */
export const PurchaseProductSchema = v.object({
  ID: v.number(),
  name: v.string(),
  icon: v.string(),
  price_name: v.string(),
  price_id: v.number(),
  license: v.nullable(PurchaseLicenceSchema),
});

/** spec §3 Purchase. Amounts in dollars; `date` an ISO date-time. */
export const PurchaseSchema = v.object({
  ID: v.number(),
  number: v.string(),
  subtotal: v.number(),
  total: v.number(),
  date: v.string(),
  /** complete, pending, refunded, failed or anything else the API says. */
  status: v.string(),
  email: v.string(),
  purchase_key: v.string(),
  /** The server's word on whether an invoice can be made (never for a refunded purchase). */
  invoice_available: v.boolean(),
  products: v.array(PurchaseProductSchema),
});
export type Purchase = v.InferOutput<typeof PurchaseSchema>;

export const PurchaseListSchema = v.array(PurchaseSchema);

/**
 * spec §3 Invoice data; `number` is null until the first invoice of the purchase is generated.
 * `order_number` names the purchase the invoice is for (its order number, not the invoice's).
 */
export const InvoiceDataSchema = v.object({
  number: v.nullable(v.string()),
  order_number: v.string(),
  name: v.string(),
  email: v.string(),
  line1: v.string(),
  line2: v.string(),
  city: v.string(),
  state: v.string(),
  country: v.string(),
  zip: v.string(),
  vat: v.string(),
  notes: v.string(),
});
export type InvoiceData = v.InferOutput<typeof InvoiceDataSchema>;

const positiveId = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,9}$/, 'payment_id must be a number.'))]),
  v.transform(Number),
  v.integer('payment_id must be a whole number.'),
  v.minValue(1, 'payment_id must be a positive number.'),
  v.maxValue(maxId, 'payment_id is too large.'),
);

export const InvoiceQuerySchema = v.object({ payment_id: positiveId });

/**
 * The spec gives the tax/VAT number and the notes no limit; these caps keep the printed billing block
 * and notes readable and a request small. The form checks them too, so a form that passes is never
 * refused here.
 */
export const invoiceTextLimits = { vat: 40, notes: 600 } as const;
export const invoiceLimitMessages = {
  vatTooLong: `Tax/VAT number should not be more than ${invoiceTextLimits.vat} characters`,
  notesTooLong: `Notes should not be more than ${invoiceTextLimits.notes} characters`,
} as const;

const capped = (max: number, message: string) =>
  v.pipe(v.nullish(v.string(message), ''), v.trim(), v.maxLength(max, message));

function buildRequest(options: AddressOptions) {
  return v.object({
    ...invoiceFormSchema(options).entries,
    vat: capped(invoiceTextLimits.vat, invoiceLimitMessages.vatTooLong),
    notes: capped(invoiceTextLimits.notes, invoiceLimitMessages.notesTooLong),
  });
}

const withStates = buildRequest({ countryHasStates: true });
const withoutStates = buildRequest({ countryHasStates: false });

/**
 * The Generate Invoice form's fields with every rule of spec §5 (invoice + billing address) and the two
 * caps above: the form checks with it, and `POST /invoice` checks the same fields with it.
 */
export function invoiceFieldsSchema(options: AddressOptions): typeof withStates {
  return options.countryHasStates ? withStates : withoutStates;
}
export type InvoiceFields = v.InferOutput<typeof withStates>;

/** `POST /invoice`: the billing fields plus `payment_id`; the answer is the PDF. */
export const InvoiceRequestSchema = v.object({ payment_id: positiveId });
