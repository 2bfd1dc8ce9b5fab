/** --query with any JMESPath function, in every format (issue 23): the expression is compiled, not run on null. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {expectRun} from '../support/outcome.js'
import {useUpstream} from '../support/upstream-suite.js'
import {INVOICES} from './lists-invoices.js'

describe('--query with any JMESPath function, in every format', () => {
  const suite = useUpstream()
  beforeEach(() => suite.up.seed('invoices', INVOICES))

  // [expression, what json, ndjson, csv and yaml print]
  const CASES: Array<[string, Record<'json' | 'ndjson' | 'csv' | 'yaml', string>]> = [
    ['sum(data[].balance)', {json: '270\n', ndjson: '270\n', csv: 'value\r\n270\r\n', yaml: '270\n'}],
    ['length(data)', {json: '3\n', ndjson: '3\n', csv: 'value\r\n3\r\n', yaml: '3\n'}],
    [
      'sort_by(data, &amount)[].number',
      {
        json: '["0002","0001","0003"]\n',
        ndjson: '"0002"\n"0001"\n"0003"\n',
        csv: 'value\r\n0002\r\n0001\r\n0003\r\n',
        yaml: '- "0002"\n- "0001"\n- "0003"\n',
      },
    ],
    [
      'max_by(data, &amount).{number: number, balance: balance}',
      {
        json: '{"number":"0003","balance":150}\n',
        ndjson: '{"number":"0003","balance":150}\n',
        csv: 'number,balance\r\n0003,150.00\r\n',
        yaml: 'number: "0003"\nbalance: 150\n',
      },
    ],
  ]
  for (const [expression, printed] of CASES) {
    it(`--all --query '${expression}'`, async () => {
      for (const [format, stdout] of Object.entries(printed)) {
        const r = await runCli(['invoices', 'list', '--all', '--output', format, '--query', expression], {
          env: suite.env,
        })
        expectRun(r, {code: 0, stdout, stderr: ''})
      }
      // The query reads the server's data as json has it: the same request in every format.
      expect(suite.up.requests.map((q) => q.rawQuery)).to.deep.equal(
        Array.from({length: 4}, () => 'page=1&per_page=2500&sort=id|asc'),
      )
    })
  }

  it('a table prints a plain result as it is', async () => {
    const r = await runCli(['invoices', 'list', '--query', 'sum(data[].balance)'], {env: suite.env})
    expectRun(r, {code: 0, stdout: '270\n', stderr: ''})
  })
})
