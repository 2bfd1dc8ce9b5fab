/** list: the query sent, the table by default, --all across pages up to the cap, and --limit. */
import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {useResourceUpstream} from './resources-suite.js'

describe('resource commands against the stand-in upstream', () => {
  const {suite, only} = useResourceUpstream()

  it('list: GET /api/v1/{seg} with page, per_page, sort, raw filters and include; the upstream JSON unchanged', async () => {
    const r = await runCli(
      [
        'clients',
        'list',
        '--page',
        '2',
        '--per-page',
        '1',
        '--sort',
        'name|desc',
        '--filter',
        'balance=1000:gt',
        '--filter',
        'status=active',
        '--include',
        'documents',
        '--output',
        'json',
      ],
      {env: suite.env},
    )
    expect(r.stderr).to.equal('')
    expect(r.code).to.equal(0)
    const req = only()
    expect(req.method).to.equal('GET')
    expect(req.path).to.equal('/api/v1/clients')
    expect(req.rawQuery).to.equal('page=2&per_page=1&sort=name|desc&balance=1000:gt&status=active&include=documents')
    expect(req.headers['x-api-token']).to.equal(suite.up.token)
    expect(req.headers['x-requested-with']).to.equal('XMLHttpRequest')
    expect(req.headers.accept).to.equal('application/json')
    expect(req.headers['content-type']).to.equal(undefined)
    expect(req.headers['user-agent']).to.match(/^invoicing-cli\/\d+\.\d+\.\d+$/)
    const doc = JSON.parse(r.stdout)
    expect(doc.meta.pagination).to.include({current_page: 2, per_page: 1})
    expect(r.stdout.trim().split('\n')).to.have.length(1)
  })

  it('list: a readable table by default, with the family columns', async () => {
    const r = await runCli(['clients', 'list'], {env: suite.env})
    expect(r.code).to.equal(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines[0]).to.match(/^ID\s+NUMBER\s+NAME\s+BALANCE/)
    expect(lines.slice(1).join('\n')).to.include('VolejRejNm').and.to.include('Acme Ltd')
    expect(r.stdout).not.to.include('\u001B[')
  })

  it('list --all: pages built by the client (page=N, sort=id|asc) until the last page, one merged document', async () => {
    suite.up.seed(
      'products',
      Array.from({length: 45}, (_, i) => ({product_key: `P${String(i).padStart(3, '0')}`, price: i})),
    )
    const r = await runCli(
      ['products', 'list', '--all', '--per-page', '20', '--filter', 'status=active', '--output', 'json'],
      {env: suite.env},
    )
    expect(r.code).to.equal(0)
    expect(suite.up.requests.map((q) => q.rawQuery)).to.deep.equal([
      'page=1&per_page=20&sort=id|asc&status=active',
      'page=2&per_page=20&sort=id|asc&status=active',
      'page=3&per_page=20&sort=id|asc&status=active',
    ])
    const doc = JSON.parse(r.stdout)
    expect(doc.data.map((p: {product_key: string}) => p.product_key)).to.deep.equal(
      Array.from({length: 45}, (_, i) => `P${String(i).padStart(3, '0')}`),
    )
    expect(doc.meta.page_cap_reached).to.equal(false)
    expect(doc.meta.pages_fetched).to.equal(3)
  })

  it('list --all stops at the 100-page cap: meta.page_cap_reached, and exit 5 with how to go on', async () => {
    suite.up.seed(
      'vendors',
      Array.from({length: 102}, (_, i) => ({name: `V${i}`})),
    )
    const r = await runCli(['vendors', 'list', '--all', '--per-page', '1', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(5)
    const line =
      'incomplete: the listing stopped at the page cap (100 pages, 100 of 102 records printed): the same command ' +
      'with --page 101 goes on from there, or narrow it with --filter'
    expect(r.stderr).to.equal(`Error: ${line}\n${JSON.stringify({error: {message: line, exit_code: 5}})}\n`)
    // Pages are fetched in a window of four, so they may arrive in any order: pages 1 to 100, each once.
    expect(suite.up.requests.map((q) => Number(q.query.page)).sort((a, b) => a - b)).to.deep.equal(
      Array.from({length: 100}, (_, i) => i + 1),
    )
    const doc = JSON.parse(r.stdout)
    expect(doc.data).to.have.length(100)
    expect(doc.meta.page_cap_reached).to.equal(true)
  })

  it('list --limit stops fetching once N records are in hand, mid-page', async () => {
    suite.up.seed(
      'tasks',
      Array.from({length: 50}, (_, i) => ({description: `T${i}`})),
    )
    const r = await runCli(['tasks', 'list', '--limit', '25', '--per-page', '10', '--output', 'json'], {env: suite.env})
    expect(r.code).to.equal(0)
    expect(suite.up.requests.map((q) => q.query.page)).to.deep.equal(['1', '2', '3'])
    const doc = JSON.parse(r.stdout)
    expect(doc.data.map((t: {description: string}) => t.description)).to.deep.equal(
      Array.from({length: 25}, (_, i) => `T${i}`),
    )
    expect(doc.meta.page_cap_reached).to.equal(false)
  })
})
