import * as v from 'valibot';
import { fieldLimits } from '../../catalogue/limits';
import { invoiceMessages as m } from '../messages';
import { email, maxLength, required, trimmedString } from '../rules';
import { type AddressOptions, billingAddressSchema } from './address';

const invoiceOwnFields = {
  name: v.pipe(
    trimmedString(m.nameRequired),
    required('Name', m.nameRequired),
    maxLength('Name', fieldLimits.billingName, m.nameTooLong),
  ),
  email: v.pipe(trimmedString(m.emailRequired), required('Email', m.emailRequired), email(m.emailInvalid)),
  // Tax/VAT number and notes are optional and have no limit in the spec.
  vat: trimmedString(),
  notes: trimmedString(),
};

function buildInvoice(options: AddressOptions) {
  return v.object({ ...billingAddressSchema(options).entries, ...invoiceOwnFields });
}

const withStates = buildInvoice({ countryHasStates: true });
const withoutStates = buildInvoice({ countryHasStates: false });

/** Generate Invoice form (spec §2, §5): billing name and e-mail plus the billing address. */
export function invoiceFormSchema(options: AddressOptions): typeof withStates {
  return options.countryHasStates ? withStates : withoutStates;
}
export type InvoiceForm = v.InferOutput<typeof withStates>;
