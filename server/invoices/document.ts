/** Everything an invoice prints, gathered by the route and laid out by pdf.ts. Money in cents. */
export interface InvoiceDocument {
  number: string;
  issuedAt: Date;
  order: {
    number: string;
    date: Date;
    status: string;
    gateway: string;
    subtotalCents: number;
    discountCents: number;
    taxCents: number;
    totalCents: number;
    currency: string;
  };
  billing: {
    name: string;
    email: string;
    line1: string;
    line2: string;
    city: string;
    /** Names, not codes: 'California', 'United States'. */
    state: string;
    zip: string;
    country: string;
    vat: string;
    notes: string;
  };
  items: { name: string; priceName: string; amountCents: number; discountCents: number }[];
}
