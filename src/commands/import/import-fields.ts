/** Space-separated words as a list. */
function words(text: string): readonly string[] {
  return text.split(' ')
}

/**
 * The fields the server imports from a CSV, per entity type (its import definitions, v5.10.42): what a column
 * may map to before anything is uploaded. The preimport's own list still wins once it answers.
 */
export const IMPORTABLE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  client: words(
    'client.name client.user_id client.balance client.paid_to_date client.currency_id client.website ' +
      'client.private_notes client.industry_id client.size_id client.address1 client.address2 client.city ' +
      'client.state client.postal_code client.country_id client.custom_value1 client.custom_value2 ' +
      'client.custom_value3 client.custom_value4 client.shipping_address1 client.shipping_address2 ' +
      'client.shipping_city client.shipping_state client.shipping_postal_code client.shipping_country_id ' +
      'client.payment_terms client.vat_number client.id_number client.public_notes client.phone ' +
      'contact.first_name contact.last_name contact.email contact.phone contact.custom_value1 ' +
      'contact.custom_value2 contact.custom_value3 contact.custom_value4',
  ),
  vendor: words(
    'vendor.name vendor.phone vendor.id_number vendor.vat_number vendor.website vendor.first_name ' +
      'vendor.last_name vendor.email vendor.currency_id vendor.public_notes vendor.private_notes ' +
      'vendor.address1 vendor.address2 vendor.city vendor.state vendor.postal_code vendor.country_id ' +
      'vendor.custom_value1 vendor.custom_value2 vendor.custom_value3 vendor.custom_value4 ' +
      'contact.first_name contact.last_name contact.email contact.phone contact.custom_value1 ' +
      'contact.custom_value2 contact.custom_value3 contact.custom_value4',
  ),
  product: words(
    'product.product_key product.notes product.cost product.price product.quantity product.tax_name1 ' +
      'product.tax_rate1 product.tax_name2 product.tax_rate2 product.tax_name3 product.tax_rate3 ' +
      'product.custom_value1 product.custom_value2 product.custom_value3 product.custom_value4 ' +
      'product.image_url product.in_stock_quantity product.tax_category product.max_quantity',
  ),
  task: words(
    'task.number task.user_id task.rate project.name client.name client.email task.description ' +
      'task.billable task.start_date task.end_date task.start_time task.end_time task.duration task.status ' +
      'task.custom_value1 task.custom_value2 task.custom_value3 task.custom_value4 task.notes',
  ),
  invoice: words(
    'invoice.number invoice.user_id invoice.amount invoice.balance client.name invoice.discount ' +
      'invoice.po_number invoice.date invoice.due_date invoice.terms invoice.status invoice.public_notes ' +
      'invoice.is_sent invoice.private_notes invoice.uses_inclusive_taxes invoice.tax_name1 ' +
      'invoice.tax_rate1 invoice.tax_name2 invoice.tax_rate2 invoice.tax_name3 invoice.tax_rate3 ' +
      'invoice.is_amount_discount invoice.footer invoice.partial invoice.partial_due_date ' +
      'invoice.custom_value1 invoice.custom_value2 invoice.custom_value3 invoice.custom_value4 ' +
      'invoice.custom_surcharge1 invoice.custom_surcharge2 invoice.custom_surcharge3 ' +
      'invoice.custom_surcharge4 invoice.exchange_rate payment.date payment.amount ' +
      'payment.transaction_reference item.quantity item.cost item.product_key item.notes item.discount ' +
      'item.is_amount_discount item.tax_name1 item.tax_rate1 item.tax_name2 item.tax_rate2 item.tax_name3 ' +
      'item.tax_rate3 item.custom_value1 item.custom_value2 item.custom_value3 item.custom_value4 ' +
      'item.type_id client.email',
  ),
  quote: words(
    'quote.number quote.user_id quote.amount quote.balance client.name quote.discount quote.po_number ' +
      'quote.date quote.due_date quote.terms quote.status quote.public_notes quote.is_sent ' +
      'quote.private_notes quote.uses_inclusive_taxes quote.tax_name1 quote.tax_rate1 quote.tax_name2 ' +
      'quote.tax_rate2 quote.tax_name3 quote.tax_rate3 quote.is_amount_discount quote.footer quote.partial ' +
      'quote.partial_due_date quote.custom_value1 quote.custom_value2 quote.custom_value3 ' +
      'quote.custom_value4 quote.custom_surcharge1 quote.custom_surcharge2 quote.custom_surcharge3 ' +
      'quote.custom_surcharge4 quote.exchange_rate payment.date payment.amount ' +
      'payment.transaction_reference item.quantity item.cost item.product_key item.notes item.discount ' +
      'item.is_amount_discount item.tax_name1 item.tax_rate1 item.tax_name2 item.tax_rate2 item.tax_name3 ' +
      'item.tax_rate3 item.custom_value1 item.custom_value2 item.custom_value3 item.custom_value4 ' +
      'item.type_id client.email',
  ),
  recurring_invoice: words(
    'invoice.number invoice.user_id invoice.amount invoice.balance client.name invoice.discount ' +
      'invoice.po_number invoice.next_send_date invoice.due_date invoice.terms invoice.status ' +
      'invoice.public_notes invoice.is_sent invoice.private_notes invoice.uses_inclusive_taxes ' +
      'invoice.tax_name1 invoice.tax_rate1 invoice.tax_name2 invoice.tax_rate2 invoice.tax_name3 ' +
      'invoice.tax_rate3 invoice.is_amount_discount invoice.footer invoice.partial invoice.partial_due_date ' +
      'invoice.custom_value1 invoice.custom_value2 invoice.custom_value3 invoice.custom_value4 ' +
      'invoice.custom_surcharge1 invoice.custom_surcharge2 invoice.custom_surcharge3 ' +
      'invoice.custom_surcharge4 invoice.exchange_rate invoice.frequency_id invoice.remaining_cycles ' +
      'invoice.auto_bill payment.date payment.amount payment.transaction_reference item.quantity item.cost ' +
      'item.product_key item.notes item.discount item.is_amount_discount item.tax_name1 item.tax_rate1 ' +
      'item.tax_name2 item.tax_rate2 item.tax_name3 item.tax_rate3 item.custom_value1 item.custom_value2 ' +
      'item.custom_value3 item.custom_value4 item.type_id client.email',
  ),
  bank_transaction: words(
    'transaction.transaction_id transaction.amount transaction.currency transaction.account_type ' +
      'transaction.category transaction.category_type transaction.date transaction.bank_account ' +
      'transaction.description transaction.base_type transaction.payment_type_Credit ' +
      'transaction.payment_type_Debit transaction.participant transaction.participant_name',
  ),
  expense: words(
    'expense.vendor expense.client expense.project expense.category expense.amount expense.currency ' +
      'expense.date expense.payment_type expense.payment_date expense.transaction_reference ' +
      'expense.public_notes expense.private_notes expense.tax_name1 expense.tax_rate1 expense.tax_name2 ' +
      'expense.tax_rate2 expense.tax_name3 expense.tax_rate3 expense.uses_inclusive_taxes ' +
      'expense.custom_value1 expense.custom_value2 expense.custom_value3 expense.custom_value4',
  ),
  payment: words(
    'payment.number payment.user_id payment.amount payment.refunded payment.applied ' +
      'payment.transaction_reference payment.private_notes payment.custom_value1 payment.custom_value2 ' +
      'payment.custom_value3 payment.custom_value4 payment.client_id payment.invoice_number payment.date ' +
      'payment.method',
  ),
}
