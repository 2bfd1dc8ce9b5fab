/** Report and chart endpoints the upstream implements (FACTS.md); `--list` prints them. */
export const REPORTS = [
  'clients',
  'contacts',
  'credits',
  'documents',
  'expenses',
  'invoices',
  'invoice_items',
  'quotes',
  'quote_items',
  'payments',
  'products',
  'product_sales',
  'purchase_orders',
  'purchase_order_items',
  'recurring_invoices',
  'tasks',
  'vendors',
  'profitloss',
  'ar_detail_report',
  'ar_summary_report',
  'client_balance_report',
  'client_sales_report',
  'tax_summary_report',
  'user_sales_report',
].map((name) => `reports/${name}`)

export const CHARTS = ['totals', 'chart_summary', 'totals_v2', 'chart_summary_v2', 'calculated_fields'].map(
  (name) => `charts/${name}`,
)
