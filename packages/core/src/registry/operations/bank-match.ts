/**
 * `bank-transactions match ID --invoice-ids ... | --expense-id ... | --payment-id ... | --vendor-id ... --category-id`:
 * POST /bank_transactions/match with one transaction, the keys its job reads (MatchBankTransactions): invoices paid
 * by it, expenses or a payment it is, or a vendor and category to make an expense of it.
 */
import {apiPath, checkId, type Json} from '../../plan/request.js'
import type {Operation} from './operation.js'

const KEYS: Readonly<Record<string, string>> = {
  'invoice-ids': 'invoice_ids',
  'expense-id': 'expense_id',
  'payment-id': 'payment_id',
  'vendor-id': 'vendor_id',
  'category-id': 'ninja_category_id',
}

export const bankMatchOperation: Operation = {
  name: 'match',
  summary: 'Match one bank transaction: to the invoices it paid, to expenses or a payment, or make an expense of it.',
  route: 'POST /api/v1/bank_transactions/match',
  idArg: 'The bank transaction.',
  mutating: true,
  flags: {
    'invoice-ids': {kind: 'text', summary: 'The invoices it paid, comma-separated ids: a payment is made for them.'},
    'expense-id': {kind: 'text', summary: 'The expenses it is, comma-separated ids.'},
    'payment-id': {kind: 'id', summary: 'The payment it is.'},
    'vendor-id': {kind: 'id', summary: 'With --category-id: the vendor of the expense made of it.'},
    'category-id': {kind: 'id', summary: 'The expense category of the expense made of it.'},
  },
  examples: ['<%= config.bin %> bank-transactions match {id} --invoice-ids {invoices} --yes'],
  said: () => ({did: 'matched'}),
  build(v, id) {
    const transaction: {[key: string]: Json} = {id: checkId(id, 'id')}
    for (const [flag, key] of Object.entries(KEYS)) if (v[flag] !== undefined) transaction[key] = v[flag] as Json
    return {
      request: {
        method: 'POST',
        path: apiPath('bank_transactions', 'match'),
        query: [],
        body: {transactions: [transaction]},
        changes: true,
        record: {family: 'bank-transactions', ids: [id]},
      },
    }
  },
}
