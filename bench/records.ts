/** The records the benchmark seeds the stand-in with: invoice-sized, and big invoices that make a ~100 MB page. */

/** An invoice-sized record (~1.5 KB of JSON), so memory figures mean something. */
export function invoiceLike(i: number): Record<string, unknown> {
  return {
    number: String(i).padStart(6, '0'),
    client_id: 'VolejRejNm',
    status_id: '2',
    amount: 1250.5 + i,
    balance: 250.5,
    date: '2026-11-01',
    due_date: '2026-12-01',
    public_notes: 'Thank you for your business. Payment is due within thirty days of the invoice date.',
    private_notes: 'Checked by accounts.',
    terms: 'Net 30',
    footer: 'Acme Ltd · 1 Example Street · Springfield',
    line_items: Array.from({length: 3}, (_, j) => ({
      product_key: `SKU-${j}`,
      notes: 'Widget, blue, large',
      cost: 10 + j,
      quantity: 2,
      tax_name1: 'VAT',
      tax_rate1: 20,
      line_total: 20 + 2 * j,
    })),
    custom_value1: '',
    custom_value2: '',
    po_number: `PO-${i}`,
    uses_inclusive_taxes: false,
  }
}

/** An invoice with many line items and long notes (~20 KB of JSON): 5000 of them make a ~100 MB page. */
export function bigInvoice(i: number): Record<string, unknown> {
  const line = (j: number) => ({
    product_key: `SKU-${i}-${j}`,
    notes: `Widget ${j}, blue, large; delivered in two parcels`,
    cost: 10.25 + j,
    quantity: 2,
    tax_name1: 'VAT',
    tax_rate1: 20,
    line_total: 20.5 + 2 * j,
    discount: 0,
  })
  return {
    ...invoiceLike(i),
    public_notes: `Notes for invoice ${i}. `.repeat(320),
    line_items: Array.from({length: 70}, (_, j) => line(j)),
  }
}
