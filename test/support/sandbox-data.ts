/**
 * The sandbox's demo data (`npm run --silent sandbox`): the stand-in's default records and more, with fixed ids,
 * so the examples of the README, docs/usage.md and every family's help name records that exist (the registry's
 * sample ids are among them: test/help-samples.test.ts).
 */
import {defaultSeed} from './server-fixtures.js'
import {INITECH_CONTACT, MONTH_END_DEPOSITS, MONTH_END_INVOICES, MONTH_END_SYSTEM_LOGS} from './sandbox-month-end.js'
import type {Rec} from './server-values.js'

const seed = defaultSeed()
/**
 * The records of every segment the sandbox starts with. Statuses and an archived record so that tables, --status
 * and the list filters have something to show. Amounts as the server keeps them: a draft owes nothing yet (balance
 * 0), a paid invoice has paid_to_date, a client's balance is what its invoices owe, its paid_to_date what its
 * payments brought in (an unapplied one too, as the server's PaymentRepository books it) and its payment_balance
 * what of them is not applied yet.
 */
export const SANDBOX_DATA: Record<string, Rec[]> = {
  ...seed,
  clients: [
    // Acme's advance of 100 (payment 0002) is not applied yet.
    {...seed.clients[0], balance: 240, paid_to_date: 100, payment_balance: 100, settings: {currency_id: '1'}},
    // Payment 0001 paid Globex's invoice 0002.
    {...seed.clients[1], balance: 663.33, paid_to_date: 20, payment_balance: 0},
    {
      id: 'Kd8xQ2pLmA',
      name: 'Initech',
      number: '0003',
      balance: 200.5,
      paid_to_date: 0,
      payment_balance: 0,
      country_id: '840',
      city: 'Austin',
      contacts: [INITECH_CONTACT],
    },
  ],
  products: [
    {id: 'Pq4rT7vWx1', product_key: 'WIDGET', notes: 'Blue widget', price: 10, quantity: 1},
    {id: 'Pq4rT7vWx2', product_key: 'Consulting', notes: 'One hour of consulting', price: 150, quantity: 1},
    {id: 'Pq4rT7vWx3', product_key: 'Audit', notes: 'Annual audit', price: 90, quantity: 1},
  ],
  invoices: [
    ...seed.invoices,
    {
      id: 'Zq3nWx8kPd',
      client_id: 'Opnel5aKBz',
      number: '0002',
      status_id: '4',
      date: '2024-02-01',
      due_date: '2024-03-02',
      amount: 20,
      balance: 0,
      paid_to_date: 20,
      line_items: [{product_key: 'WIDGET', quantity: 2, cost: 10, line_total: 20}],
      invitations: [{key: 'invkey0002globexQ7fK2mW9xR4tB8nL'}],
    },
    {
      id: 'Mb4vTy6jRc',
      client_id: 'Kd8xQ2pLmA',
      number: '0003',
      status_id: '1',
      date: '2023-11-02',
      due_date: '2023-12-02',
      amount: 90,
      balance: 0,
      paid_to_date: 0,
      archived_at: 1_700_000_000,
      line_items: [{product_key: 'Audit', quantity: 1, cost: 90, line_total: 90}],
      invitations: [{key: 'invkey0003initechQ7fK2mW9xR4tB8n'}],
    },
    // Open invoices the bank deposits below pay (`cli reconcile`).
    ...MONTH_END_INVOICES,
  ],
  vendors: [
    {
      id: 'Vn2cR5sYt8',
      name: 'Paper Supplies Co',
      number: '0001',
      city: 'Scranton',
      currency_id: '1',
      country_id: '840',
      contacts: [{first_name: 'Pam', email: 'pam@paper.test'}],
    },
  ],
  payments: [
    {
      id: 'Pq1x7Yw2Za',
      client_id: 'Opnel5aKBz',
      number: '0001',
      amount: 20,
      refunded: 0,
      status_id: '4',
      date: '2024-02-10',
      type_id: '1',
      applied: 20,
      paymentables: [{invoice_id: 'Zq3nWx8kPd', amount: 20, refunded: 0}],
    },
    // Acme's advance (nothing applied yet): a payment whose client has a contact with an e-mail address, so the
    // payments examples (email, refund) reach someone. Dated before the month-end examples' periods.
    {
      id: 'Pm8kT3vXc2',
      client_id: 'VolejRejNm',
      number: '0002',
      amount: 100,
      refunded: 0,
      status_id: '4',
      date: '2023-12-20',
      type_id: '1',
      applied: 0,
      paymentables: [],
    },
  ],
  expenses: [
    {
      id: 'Ex9mQ2wLp4',
      number: '0001',
      vendor_id: 'Vn2cR5sYt8',
      amount: 35.9,
      date: '2024-01-20',
      public_notes: 'Printer paper',
      // The receipt attached to it (cli period-pack saves it with the period's files).
      documents: [{id: 'Dk5rX2cVn8', name: 'paper-receipt.png', type: 'png', size: 48}],
    },
  ],
  documents: [
    ...seed.documents,
    {id: 'Dk5rX2cVn8', name: 'paper-receipt.png', type: 'png', size: 48, is_public: false},
  ],
  projects: [{id: 'Pj6gH8nBv2', name: 'Website relaunch', number: '0001', client_id: 'VolejRejNm', budgeted_hours: 40}],
  // One record of each other family with a sample id in the registry: its help examples name it.
  bank_integrations: [
    {
      id: 'Bi7kQ2mXw4',
      bank_account_name: 'Business checking',
      provider_name: 'Demo Bank',
      balance: 12500,
      currency: 'USD',
    },
  ],
  bank_transaction_rules: [{id: 'Br3nV8pLq5', name: 'Office rent', applies_to: 'DEBIT', auto_convert: false}],
  bank_transactions: [
    {
      id: 'Bt5hJ9wRz2',
      bank_integration_id: 'Bi7kQ2mXw4',
      date: '2024-02-10',
      amount: 100,
      description: 'Office rent',
      base_type: 'DEBIT',
      status_id: '1',
    },
    ...MONTH_END_DEPOSITS,
  ],
  client_gateway_tokens: [
    {
      id: 'Cg2tK6yNp8',
      client_id: 'VolejRejNm',
      company_gateway_id: 'Gw8bN3vKs6',
      gateway_customer_reference: 'cus_demo_0001',
      gateway_type_id: '1',
      is_default: true,
    },
  ],
  // E-invoicing on: cli period-pack saves each invoice's and credit's e-invoice (XML) beside its PDF.
  companies: [{id: 'Co4mP7xQa1', company_key: 'demo-company', settings: {name: 'Stand-in Co', enable_e_invoice: true}}],
  company_gateways: [{id: 'Gw8bN3vKs6', label: 'Stripe', gateway_key: 'd14dd26a37cecc30fdd65700bfb55b23'}],
  credits: [
    {
      id: 'Cr6dL1qWe3',
      client_id: 'VolejRejNm',
      number: '0001',
      status_id: '1',
      date: '2024-02-15',
      amount: 25,
      balance: 0,
      line_items: [{product_key: 'Consulting', notes: 'Goodwill credit', quantity: 1, cost: 25, line_total: 25}],
      invitations: [{key: 'crekey0001acmeQ7fK2mW9xR4tB8nL3p'}],
    },
  ],
  designs: [{id: 'Dz9fG4hTy7', name: 'Clean', is_custom: true, is_active: true, design: {body: '<div></div>'}}],
  expense_categories: [{id: 'Ec1kR5tUo9', name: 'Office supplies', color: '#2b6cb0'}],
  group_settings: [{id: 'Gs3jH8nMb2', name: 'Wholesale', settings: {currency_id: '1'}}],
  payment_terms: [{id: 'Pt7wE2rYu4', name: 'Net 30', num_days: 30}],
  purchase_orders: [
    {
      id: 'Po5sD9fGh1',
      vendor_id: 'Vn2cR5sYt8',
      number: '0001',
      status_id: '2',
      date: '2024-01-18',
      due_date: '2024-02-17',
      amount: 35.9,
      balance: 35.9,
      line_items: [{product_key: 'Paper', quantity: 10, cost: 3.59, line_total: 35.9}],
      invitations: [{key: 'pokey0001paperQ7fK2mW9xR4tB8nL3p'}],
    },
  ],
  recurring_expenses: [
    {
      id: 'Re2aS6dFg8',
      number: '0001',
      vendor_id: 'Vn2cR5sYt8',
      amount: 35.9,
      frequency_id: '5',
      next_send_date: '2024-03-20',
      public_notes: 'Printer paper',
    },
  ],
  recurring_invoices: [
    {
      id: 'Ri4zX8cVb3',
      client_id: 'VolejRejNm',
      number: '0001',
      status_id: '2',
      frequency_id: '5',
      next_send_date: '2024-03-01',
      amount: 150,
      balance: 0,
      line_items: [{product_key: 'Consulting', notes: 'Monthly retainer', quantity: 1, cost: 150, line_total: 150}],
      invitations: [{key: 'rinkey0001acmeQ7fK2mW9xR4tB8nL3p'}],
    },
  ],
  recurring_quotes: [
    {
      id: 'Rq6nM1bVc5',
      client_id: 'Opnel5aKBz',
      number: '0001',
      status_id: '1',
      frequency_id: '5',
      next_send_date: '2024-04-01',
      amount: 90,
      balance: 0,
      line_items: [{product_key: 'Audit', quantity: 1, cost: 90, line_total: 90}],
      invitations: [],
    },
  ],
  subscriptions: [{id: 'Sb8vC3xZa7', name: 'Support plan', price: 49, frequency_id: 5}],
  system_logs: [
    {id: 'Sl1qW5eRt9', category_id: 1, event_id: 10, type_id: 300, client_id: 'VolejRejNm'},
    ...MONTH_END_SYSTEM_LOGS,
  ],
  task_schedulers: [
    {id: 'Ts3yU7iOp2', name: 'Statements', template: 'email_statement', frequency_id: 5, next_run: '2024-03-01'},
  ],
  task_statuses: [{id: 'Tt5gH9jKl4', name: 'In progress', color: '#ff9900', status_order: 1}],
  tasks: [
    {
      id: 'Tk7lZ2xCv6',
      number: '0001',
      description: 'Design review',
      client_id: 'VolejRejNm',
      project_id: 'Pj6gH8nBv2',
      status_id: 'Tt5gH9jKl4',
    },
  ],
  tax_rates: [{id: 'Tx9mN4bVq8', name: 'VAT', rate: 20}],
  tokens: [{id: 'Tn2pO6iUy1', name: 'Accounting export', is_system: false}],
  users: [{id: 'Us4rE8wQa3', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test'}],
  webhooks: [{id: 'Wh6tY1uIo5', event_id: '1', target_url: 'https://example.test/hook', format: 'JSON'}],
}
