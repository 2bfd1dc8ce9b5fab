/**
 * Amounts in flags are read by one parser: sent exactly as typed or refused, with each operation's sign rule
 * (a refund and its invoices above 0). A carriage return, like every control character but tab and newline, is
 * refused in any flag value. Every refusal: exit 2, one line, nothing sent.
 */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'

const REFUND = ['payments', 'refund', 'Pq1x7Yw2Za', '--date', '2024-03-01', '--yes']

describe('amounts and control characters in flags', () => {
  const suite = useUpstream()
  beforeEach(() =>
    suite.up.seed('payments', [{id: 'Pq1x7Yw2Za', client_id: 'VolejRejNm', amount: 100, refunded: 0, status_id: '4'}]),
  )
  const refused = async (args: string[], stderr: string) => {
    const r = await runCli(args, {env: suite.env})
    expectRun(r, {code: 2, stdout: '', stderr: `Error: ${stderr}\n`})
    expect(suite.up.requests).to.deep.equal([])
  }

  for (const [amount, why] of [
    ['-5', '--amount must be a number above 0, got "-5"'],
    ['0', '--amount must be a number above 0, got "0"'],
    ['-0', '--amount must be a number above 0, got "-0"'],
    ['five', '--amount must be a number above 0, got "five"'],
    [
      '9007199254740993',
      '--amount "9007199254740993" cannot be sent exactly as a JSON number (it would be sent as 9007199254740992): ' +
        'give fewer digits',
    ],
  ]) {
    it(`refund --amount ${amount}: refused, nothing sent`, () => refused([...REFUND, '--amount', amount], why))
  }

  for (const [pair, why] of [
    ['WJxbojagwO:-3', '--invoice WJxbojagwO must be a number above 0, got "-3"'],
    ['WJxbojagwO:0', '--invoice WJxbojagwO must be a number above 0, got "0"'],
    [
      'WJxbojagwO:9007199254740993',
      '--invoice WJxbojagwO "9007199254740993" cannot be sent exactly as a JSON number (it would be sent as ' +
        '9007199254740992): give fewer digits',
    ],
    ['WJxbojagwO:1e3', '--invoice "WJxbojagwO:1e3" must be INVOICE_ID:AMOUNT, e.g. WJxbojagwO:25.50'],
  ]) {
    it(`refund --invoice ${pair}: refused, nothing sent`, () =>
      refused([...REFUND, '--amount', '5', '--invoice', pair], why))
  }

  it('an exact refund goes once, its amounts as typed', async () => {
    const r = await runCli([...REFUND, '--amount', '12.35', '--invoice', 'WJxbojagwO:12.35'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(suite.up.requests).to.have.length(1)
    expect(suite.up.requests[0].json).to.deep.include({
      amount: 12.35,
      invoices: [{invoice_id: 'WJxbojagwO', amount: 12.35}],
    })
  })

  it('--amount-paid 9007199254740993: refused, nothing sent', () =>
    refused(
      ['invoices', 'update', 'WJxbojagwO', '--amount-paid', '9007199254740993', '--yes'],
      '--amount-paid "9007199254740993" cannot be sent exactly as a JSON number (it would be sent as ' +
        '9007199254740992): give fewer digits',
    ))

  it('a line item cost that cannot be exact: refused, nothing sent', async () => {
    const r = await runCli(['invoices', 'update', 'WJxbojagwO', '--add-line-item', 'cost=9007199254740993', '--yes'], {
      env: suite.env,
    })
    expect([r.code, r.stdout]).to.deep.equal([2, ''])
    expect(r.stderr).to.match(/^Error: .*"9007199254740993" cannot be sent exactly as a JSON number/)
    expect(suite.up.requests).to.deep.equal([])
  })

  it('a carriage return in --subject (a header injection): refused, nothing sent', () =>
    refused(
      ['invoices', 'email', 'WJxbojagwO', '--subject', 'Invoice\r\nBcc: x@y.test', '--yes'],
      '--subject contains a control character (U+000D): remove it',
    ))

  it('a carriage return in --data JSON text: refused, nothing sent', () =>
    refused(
      ['clients', 'create', '--data', '{"name":\r\n"Acme"}', '--yes'],
      '--data contains a control character (U+000D): remove it',
    ))
})
