/** The fields by which a record names a record of another family (`client_id`: a client), with that family's word. */
export const REFERENCES: Readonly<Record<string, string>> = {
  client_id: 'clients',
  vendor_id: 'vendors',
  project_id: 'projects',
  invoice_id: 'invoices',
  credit_id: 'credits',
}
