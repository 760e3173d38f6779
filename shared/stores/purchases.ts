import { map } from 'nanostores';
import { isApiError } from '../api/api-error';
import { requestBlob } from '../api/blob';
import type { ApiClient } from '../api/client';
import { loadFailureText } from '../api/load-failure';
import { downloadFailures } from '../api/messages';
import type { AddressOptions } from '../schemas/forms/address';
import { fieldErrors } from '../schemas/forms/field-errors';
import {
  type InvoiceData,
  InvoiceDataSchema,
  invoiceFieldsSchema,
  type Purchase,
  PurchaseListSchema,
} from '../schemas/purchases';
import type { LoadState } from './load-state';
import { showToast } from './toasts';

export interface HistoryState {
  state: LoadState;
  purchases: Purchase[];
  error: string | null;
}

export interface InvoiceState {
  state: LoadState;
  data: InvoiceData | null;
  error: string | null;
}

export interface GenerateState {
  generating: boolean;
  /** Field messages: the form's own (spec §5) or the server's. */
  errors: Record<string, string>;
}

/** The form's values: every Invoice data field but the numbers. */
export type InvoiceInput = Omit<InvoiceData, 'number' | 'order_number'>;

export interface InvoiceFile {
  blob: Blob;
  filename: string;
}

/** spec §9: Invoice-{number}.pdf. A name the server sends in any other shape is not trusted. */
export function invoiceFileName(fromServer: string | null): string {
  return fromServer && /^Invoice-[\w-]{1,40}\.pdf$/.test(fromServer) ? fromServer : 'Invoice.pdf';
}

export type PurchasesStore = ReturnType<typeof createPurchasesStore>;
export type InvoiceStore = ReturnType<PurchasesStore['invoice']>;

/**
 * Purchase history and invoices of one API (spec §2 Purchase History and Generate Invoice, §7 `GET
 * /history`, `GET /invoice`, `POST /invoice`). The store checks and sends; the view saves the file.
 */
export function createPurchasesStore(api: ApiClient) {
  const $history = map<HistoryState>({ state: 'idle', purchases: [], error: null });
  let historyLoading: Promise<void> | null = null;

  function reloadHistory(): Promise<void> {
    historyLoading ??= (async () => {
      $history.set({ ...$history.get(), state: 'loading', error: null });
      try {
        const { data } = await api.get('/history', PurchaseListSchema);
        $history.set({ state: 'ready', purchases: data, error: null });
      } catch (error) {
        // The spec names no text for this list: the catalogue's message (or its default) is shown.
        $history.set({ state: 'error', purchases: [], error: loadFailureText(error) });
      } finally {
        historyLoading = null;
      }
    })();
    return historyLoading;
  }

  const invoices = new Map<number, ReturnType<typeof createInvoice>>();

  function createInvoice(paymentId: number) {
    const $invoice = map<InvoiceState>({ state: 'idle', data: null, error: null });
    const $generate = map<GenerateState>({ generating: false, errors: {} });
    let loading: Promise<void> | null = null;

    function reload(): Promise<void> {
      loading ??= (async () => {
        $invoice.set({ ...$invoice.get(), state: 'loading', error: null });
        try {
          const { data } = await api.get('/invoice', InvoiceDataSchema, { payment_id: paymentId });
          $invoice.set({ state: 'ready', data, error: null });
        } catch (error) {
          $invoice.set({
            state: 'error',
            data: null,
            error: loadFailureText(error, downloadFailures.invoiceDataFailed),
          });
        } finally {
          loading = null;
        }
      })();
      return loading;
    }

    return {
      $invoice,
      $generate,
      load: () => ($invoice.get().state === 'idle' ? reload() : (loading ?? Promise.resolve())),
      reload,
      /** Shows the field's own message again after an edit, and clears it once the value passes. */
      recheck(input: InvoiceInput, options: AddressOptions, field: keyof InvoiceInput): void {
        const current = $generate.get().errors;
        if (!(field in current)) return;
        const { [field]: _, ...rest } = current;
        const message = fieldErrors(invoiceFieldsSchema(options), input)[field];
        $generate.setKey('errors', message ? { ...rest, [field]: message } : rest);
      },
      /**
       * Checks the form (spec §5) and asks for the PDF. Returns the file to save, or null when the form
       * shows errors or the call failed (a toast says so). A second call while one runs is ignored.
       */
      async generate(input: InvoiceInput, options: AddressOptions): Promise<InvoiceFile | null> {
        if ($generate.get().generating) return null;
        const errors = fieldErrors(invoiceFieldsSchema(options), input);
        if (Object.keys(errors).length > 0) {
          $generate.set({ generating: false, errors });
          return null;
        }
        $generate.set({ generating: true, errors: {} });
        try {
          const { blob, filename } = await requestBlob(api, 'POST', '/invoice', {
            body: { ...input, payment_id: paymentId },
          });
          $generate.set({ generating: false, errors: {} });
          const number = /^Invoice-(.+)\.pdf$/.exec(invoiceFileName(filename))?.[1] ?? null;
          // The saved details now carry the number; the form keeps what was typed.
          const data = $invoice.get().data;
          if (data && number) $invoice.setKey('data', { ...data, ...input, number });
          return { blob, filename: invoiceFileName(filename) };
        } catch (error) {
          const fields = isApiError(error) ? error.fields : {};
          $generate.set({ generating: false, errors: { ...fields } });
          // Field messages show under their inputs; any other failure is said once, in a toast.
          if (!Object.keys(fields).some((field) => field in input)) {
            showToast({ kind: 'error', message: loadFailureText(error, downloadFailures.invoiceDataFailed) });
          }
          return null;
        }
      },
    };
  }

  return {
    $history,
    loadHistory: () =>
      $history.get().state === 'idle' ? reloadHistory() : (historyLoading ?? Promise.resolve()),
    reloadHistory,
    /** The invoice of one purchase; the same store each time for the same payment. */
    invoice(paymentId: number) {
      let invoice = invoices.get(paymentId);
      if (!invoice) {
        invoice = createInvoice(paymentId);
        invoices.set(paymentId, invoice);
      }
      return invoice;
    },
  };
}

const stores = new Map<string, PurchasesStore>();

/** One purchases store per API on a page. */
export function purchasesStoreFor(api: ApiClient): PurchasesStore {
  let store = stores.get(api.baseURL);
  if (!store) {
    store = createPurchasesStore(api);
    stores.set(api.baseURL, store);
  }
  return store;
}
