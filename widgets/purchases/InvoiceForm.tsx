import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useElementHost } from '../../shared/element';
import type { InvoiceData } from '../../shared/schemas/purchases';
import { countryHasStates, type GeoStore } from '../../shared/stores/geo';
import type { InvoiceInput, InvoiceStore } from '../../shared/stores/purchases';
import { Button, Field, revealFirstInvalid } from '../../shared/ui';
import { BillingAddressFields } from '../../shared/ui/BillingAddressFields';
import { saveFile } from '../../shared/ui/save-file';

export interface InvoiceFormProps {
  invoice: InvoiceStore;
  geo: GeoStore;
  paymentId: number;
  /** The saved invoice data (or the profile's), the form's first values. */
  initial: InvoiceData;
}

const inputOf = ({ number: _, order_number: __, ...input }: InvoiceData): InvoiceInput => input;

/**
 * Spec §2 Generate Invoice: billing name, email, the shared billing address (searchable country,
 * state disabled until a country is chosen), tax/VAT number and notes, checked with the rules of
 * spec §5; Generate downloads Invoice-{number}.pdf.
 */
export function InvoiceForm({ invoice, geo, paymentId, initial }: InvoiceFormProps) {
  const { emit } = useElementHost();
  const { generating, errors } = useStore(invoice.$generate);
  const states = useStore(geo.$states);
  const [input, setInput] = useState<InvoiceInput>(() => inputOf(initial));
  // The latest values, for changes that arrive before the next render (autofill fills several at once).
  const latest = useRef(input);
  const [attempt, setAttempt] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  // Unknown states (still loading, or failed) are not required here; the server checks them anyway.
  const options = { countryHasStates: countryHasStates(states, input.country) ?? false };

  // After a refused submit, the first field with a message is focused and scrolled into view.
  useEffect(() => {
    if (attempt > 0 && form.current) revealFirstInvalid(form.current);
  }, [attempt]);

  const change = (patch: Partial<InvoiceInput>) => {
    const next = { ...latest.current, ...patch };
    latest.current = next;
    setInput(next);
    for (const field of Object.keys(patch) as (keyof InvoiceInput)[]) invoice.recheck(next, options, field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const file = await invoice.generate(latest.current, options);
    if (!file) {
      setAttempt((n) => n + 1);
      return;
    }
    saveFile(file.blob, file.filename);
    emit('vendor-invoice-generated', { paymentId, filename: file.filename });
  };

  const text = (field: 'name' | 'email' | 'vat', label: string, required: boolean, type = 'text') => (
    <Field label={label} error={errors[field]} required={required} className={`purchases__field-${field}`}>
      <input
        type={type}
        name={field}
        value={input[field]}
        autoComplete={field === 'name' ? 'name' : field === 'email' ? 'email' : 'off'}
        onChange={(event) => change({ [field]: event.currentTarget.value })}
      />
    </Field>
  );

  return (
    <form
      ref={form}
      className="purchases__form"
      part="invoice-form"
      noValidate
      onSubmit={(e) => void submit(e)}
    >
      <div className="purchases__pair">
        {text('name', 'Billing name', true)}
        {text('email', 'Email', true, 'email')}
      </div>
      <BillingAddressFields geo={geo} value={input} errors={errors} onChange={change} />
      {text('vat', 'Tax / VAT number', false)}
      <Field label="Notes" error={errors.notes} hint="Printed on the invoice.">
        <textarea
          name="notes"
          rows={3}
          value={input.notes}
          onChange={(e) => change({ notes: e.currentTarget.value })}
        />
      </Field>
      <div className="purchases__actions">
        <Button type="submit" loading={generating} part="generate">
          {generating ? 'Generating...' : 'Generate'}
        </Button>
      </div>
    </form>
  );
}
