import { Hono } from 'hono';
import * as v from 'valibot';
import { billingAddressMessages } from '../../shared/schemas/messages';
import {
  type InvoiceData,
  type InvoiceFields,
  InvoiceQuerySchema,
  InvoiceRequestSchema,
  invoiceFieldsSchema,
} from '../../shared/schemas/purchases';
import { requireUser } from '../auth/middleware';
import type { Database } from '../db';
import { countryName, isCountry, stateName, stateOptions } from '../geo/regions';
import type { AppEnv } from '../http/app-env';
import { notFound, validationError } from '../http/errors';
import { parseWith, readJson, readQuery } from '../http/validate';
import type { InvoiceDocument } from '../invoices/document';
import { assertInvoiceable } from '../invoices/eligibility';
import { renderInvoicePdf } from '../invoices/pdf';
import { invoiceData, itemsOf, type PaymentRow, paymentOf, saveInvoice } from '../invoices/repository';

/** Reads the body once: `payment_id` first, then the billing fields checked by the form's own rules. */
const BodySchema = v.looseObject({ ...InvoiceRequestSchema.entries });

/**
 * The billing fields with the rules of the Generate Invoice form; the state is required exactly when
 * the chosen country has states, and both must be real (the form only offers real ones).
 */
function billingFields(body: Record<string, unknown>): InvoiceFields {
  const country = typeof body.country === 'string' ? body.country.trim().toUpperCase() : '';
  const states = stateOptions(country);
  const fields = parseWith(invoiceFieldsSchema({ countryHasStates: states.length > 0 }), {
    ...body,
    country,
  });
  if (!isCountry(fields.country)) throw validationError({ country: billingAddressMessages.countryRequired });
  if (states.length > 0 && !states.some((s) => s.value === fields.state)) {
    throw validationError({ state: billingAddressMessages.stateRequired });
  }
  return { ...fields, state: states.length > 0 ? fields.state : '' };
}

async function ownInvoiceablePayment(db: Database, userId: number, paymentId: number): Promise<PaymentRow> {
  const payment = await paymentOf(db, userId, paymentId);
  // Someone else's purchase is answered exactly like one that does not exist.
  if (!payment) throw notFound('No such purchase.');
  assertInvoiceable(payment.status);
  return payment;
}

/** `Content-Disposition` with a plain and an RFC 5987 name (the number is digits, but say it safely). */
function attachment(filename: string): string {
  return `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * `GET /invoice {payment_id}`: the saved invoice data of a purchase (spec §3 Invoice data), prefilled
 * from the profile before the first invoice. `POST /invoice {payment_id, billing fields}`: saves them
 * and answers the PDF, `Invoice-{number}.pdf` (spec §9). Only the buyer; refunded purchases: 409.
 */
export function invoiceRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.get('/invoice', async (c) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const { payment_id } = readQuery(c, InvoiceQuerySchema);
    const payment = await ownInvoiceablePayment(db, user.id, payment_id);
    const body: InvoiceData = await invoiceData(db, user.id, payment);
    return c.json(body);
  });

  app.post('/invoice', async (c) => {
    const user = requireUser(c);
    const { db } = c.get('deps');
    const body = await readJson(c, BodySchema);
    const payment = await ownInvoiceablePayment(db, user.id, body.payment_id);
    const fields = billingFields(body);
    const invoice = await saveInvoice(db, user.id, payment.id, fields);
    const items = await itemsOf(db, payment.id);
    const document: InvoiceDocument = {
      number: invoice.number,
      issuedAt: invoice.issuedAt,
      order: {
        number: payment.number,
        date: payment.completedAt ?? payment.createdAt,
        status: payment.status,
        gateway: payment.gateway,
        subtotalCents: payment.subtotalCents,
        discountCents: payment.discountCents,
        taxCents: payment.taxCents,
        totalCents: payment.totalCents,
        currency: payment.currency,
      },
      billing: {
        ...fields,
        state: fields.state ? stateName(fields.country, fields.state) : '',
        country: countryName(fields.country),
      },
      items: items.map((item) => ({
        name: item.name,
        priceName: item.priceName,
        amountCents: item.amountCents,
        discountCents: item.discountCents,
      })),
    };
    const pdf = await renderInvoicePdf(document);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': attachment(`Invoice-${invoice.number}.pdf`),
      'Cache-Control': 'private, no-store',
    });
  });

  return app;
}
