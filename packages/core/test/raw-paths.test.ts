/** Raw paths (`cli api`, a runner's --endpoint): which GETs run a record action, which routes need the password. */
import {expect} from 'chai'

import {getActionOf, needsPassword} from '../src/plan/raw-paths.js'

const action = (path: string) => {
  const found = getActionOf(path)
  return found && `${found.family.word} ${found.id} ${found.action}`
}

describe('raw paths', () => {
  it('a GET on {seg}/{id}/{action} runs the action where the server or the document routes GET actions', () => {
    expect(
      [
        'invoices/A1/mark_paid',
        'credits/C1/email',
        'quotes/Q1/clone_to_invoice',
        'purchase_orders/P1/expense',
        'payments/P2/archive',
        'recurring_invoices/R1/start',
        'recurring_quotes/R2/stop',
        'invoices/A1/clone_to_quote',
      ].map(action),
    ).to.deep.equal([
      'invoices A1 mark_paid',
      'credits C1 email',
      'quotes Q1 clone_to_invoice',
      'purchase-orders P1 expense',
      'payments P2 archive',
      'recurring-invoices R1 start',
      'recurring-quotes R2 stop',
      'invoices A1 clone_to_quote',
    ])
  })

  it('reads and other shapes are not actions: the PDF, the edit template, the delivery note, other families, other depths', () => {
    for (const path of [
      'invoices/A1/download',
      'quotes/Q1/edit',
      'invoices/A1/delivery_note',
      'clients/C1/purge',
      'documents/D1/download',
      'activities/download_entity/X1',
      'companies/C1/logo',
      'invoices/A1',
      'invoices',
      'invoices/A1/email/x',
      'invoice/KEY/download',
    ]) {
      expect(getActionOf(path), path).to.equal(undefined)
    }
  })

  it('the password goes to users and to client purge and merge, company purge; nowhere else', () => {
    const needing = [
      'users',
      'users/U1',
      'users/bulk',
      'clients/C1/purge',
      'clients/C1/C2/merge',
      'companies/purge/K1',
      'companies/purge_save_settings/K1',
    ]
    const not = [
      'clients',
      'clients/C1',
      'clients/bulk',
      'companies/K1',
      'invoices/A1/mark_paid',
      'clients/C1/purge/x',
      'user/U1/reconfirm',
    ]
    expect(needing.filter((p) => !needsPassword(p))).to.deep.equal([])
    expect(not.filter((p) => needsPassword(p))).to.deep.equal([])
  })
})
