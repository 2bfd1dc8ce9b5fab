/**
 * The server's own feature tests as a corpus (test/fixtures/feature-corpus.json, scripts/feature-corpus.ts): every
 * request they send is typed here as a user would type it (test/support/corpus-argv.ts) and dry-run in process. A
 * request the server accepts must go out unchanged, warned about only on keys the server never reads
 * (test/support/corpus-unread.ts); one it refuses must be refused here naming a
 * field, or sent for the server to refuse. What does not hold is in test/fixtures/feature-corpus-gaps.json, each
 * with its reason; a gap that no longer fails must leave that file, and one the server accepts must still go out as
 * written through `cli api`. The one standing exception: a request that
 * carries a model's raw database id where the API takes a hashed id (no user holds one) passes once that id is a
 * hashed one.
 */
import {expect} from 'chai'
import {readFileSync} from 'node:fs'

import {runCli} from './support/cli.js'
import {corpusArgv, type CorpusRequest} from './support/corpus-argv.js'
import {carriesRawId, difference, empty, fill, verdict, type Verdict} from './support/corpus-check.js'
import {UNREAD_KEYS} from './support/corpus-unread.js'
import {inProcess, type InProcess} from './support/in-process.js'
import {useUpstream} from './support/upstream-suite.js'

interface Gap {
  /** `METHOD /api/v1/path` the request starts with. */
  request: string
  /** The test (`File::method`), when the gap is one test's, not the route's. */
  test?: string
  /** refused: the server refuses it and no command forms it; rule: a project rule wins; outside: not a token's API. */
  kind: 'refused' | 'rule' | 'outside'
  reason: string
}

const corpus = JSON.parse(readFileSync(new URL('fixtures/feature-corpus.json', import.meta.url), 'utf8')) as {
  requests: CorpusRequest[]
}
const gaps = (
  JSON.parse(readFileSync(new URL('fixtures/feature-corpus-gaps.json', import.meta.url), 'utf8')) as {gaps: Gap[]}
).gaps

const ENV = {CLI_BASE_URL: 'http://127.0.0.1:9', CLI_API_TOKEN: 'corpus-token', CLI_API_PASSWORD: 'corpus-password'}
/**
 * Requests sent by a command that has no dry run (`auth status` checks the token with GET /ping): run against the
 * stand-in instead, the request it received compared.
 */
const LIVE: Readonly<Record<string, string[]>> = {'GET /api/v1/ping': ['auth', 'status', '--output', 'json']}
const line = (r: CorpusRequest) => `${r.method} ${r.path}`
const gapOf = (r: CorpusRequest) =>
  gaps.find((g) => line(r).startsWith(g.request) && (g.test === undefined || g.test === r.test))

describe("the server's feature tests, sent as a user would type them", function () {
  this.timeout(600_000)
  let cli: InProcess
  const failures: Array<{r: CorpusRequest; why: string}> = []
  /** `command: warning` of each accepted request sent unchanged with a warning on a key the server never reads. */
  const warned: string[] = []
  const counts = {sent: 0, unread: 0, refused: 0, rawId: 0, gaps: 0}

  before(async () => {
    cli = await inProcess()
    const run = async (r: CorpusRequest): Promise<Verdict> => {
      const argv = corpusArgv(r)
      if (!argv) return {ok: false, why: 'no command sends this route'}
      const result = await cli.run(argv, ENV)
      // In process, a verb the family lacks is no command (127); bin/run.js's hook says which verbs it has (exit 2).
      return verdict(r, result.code === 127 ? await runCli(argv, {env: ENV}) : result, argv)
    }
    for (const request of corpus.requests) {
      if (LIVE[line(request)]) continue
      let result = await run(fill(request))
      if (!result.ok && carriesRawId(request)) {
        const hashed = await run(fill(request, true))
        if (hashed.ok) {
          counts.rawId++
          if (hashed.how === 'unread') warned.push(...hashed.warned)
          continue
        }
        result = hashed
      }
      if (!result.ok) failures.push({r: request, why: result.why})
      else {
        counts[result.how]++
        if (result.how === 'unread') warned.push(...result.warned)
      }
    }
  })

  after(() => cli?.close())

  it('reads a corpus of several hundred requests', () => {
    expect(corpus.requests.length).to.be.greaterThan(700)
  })

  it('sends every request unchanged, or refuses only what the server refuses, naming the field', () => {
    const unexpected = failures.filter((f) => !gapOf(f.r)).map((f) => `${f.r.test}: ${line(f.r)}: ${f.why}`)
    counts.gaps = failures.length - unexpected.length
    expect(unexpected, unexpected.join('\n')).to.deep.equal([])
  })

  it('warns on every key it lists as one the server never reads, and on no other', () => {
    // The verdict allowed each warning only by corpus-unread.ts; here each listed key must still be met, so the
    // table holds no key the CLI stopped warning on.
    const listed = Object.entries(UNREAD_KEYS).flatMap(([command, keys]) => Object.keys(keys).map((k) => [command, k]))
    const unmet = listed.filter(([command, key]) => !warned.some((w) => w.startsWith(`${command}: Warning: ${key} `)))
    expect(
      unmet.map((u) => u.join(' ')),
      'listed but never warned on',
    ).to.deep.equal([])
    expect(warned.some((w) => w.startsWith('clients update: Warning: this update replaces all contacts'))).to.equal(
      true,
    )
    const ignored = warned.filter((w) => / list: Warning: --filter client_status=/.test(w)).map((w) => w.split(':')[0])
    expect(ignored).to.deep.equal(['bank-transactions list', 'credits list', 'purchase-orders list'])
    expect(counts.unread).to.be.greaterThan(20)
  })

  describe('commands with no dry run, against the stand-in', () => {
    const suite = useUpstream()
    for (const request of corpus.requests.filter((r) => LIVE[line(r)]))
      it(`${request.test}: ${line(request)} is sent by cli ${LIVE[line(request)].join(' ')}`, async () => {
        const r = await runCli(LIVE[line(request)], {env: suite.env})
        expect(r.code, r.stderr).to.equal(0)
        expect(r.stderr).to.equal('')
        expect(
          suite.up.requests.map((q) => ({method: q.method, path: q.path, query: q.query, body: q.body.toString()})),
        ).to.deep.equal([{method: request.method, path: request.path, query: request.query, body: ''}])
        expect(request.payload).to.equal(null)
      })
  })

  it('gives the same verdict through the real bin/run.js, for a sample of the corpus', async () => {
    // Every 80th request the CLI sends unchanged: in process and as a user runs it agree.
    const sample = corpus.requests.filter((r, i) => i % 80 === 0 && !gapOf(r) && !carriesRawId(r))
    expect(sample.length).to.be.greaterThan(5)
    for (const request of sample) {
      const filledIn = fill(request)
      const argv = corpusArgv(filledIn)!
      const result = await runCli(argv, {env: ENV})
      expect(verdict(filledIn, result, argv), `${request.test}: ${line(request)}`).to.deep.include({ok: true})
    }
  })

  it('gives each gap a kind that matches what the server answers it', () => {
    // A `refused` gap is one the server refuses; the others are requests it accepts.
    for (const g of gaps) {
      const matched = corpus.requests.filter((r) => line(r).startsWith(g.request) && (!g.test || g.test === r.test))
      const failing = matched.filter((r) => failures.some((f) => f.r === r))
      const refused = failing.every((r) => r.status >= 400)
      expect(g.kind === 'refused', `${g.request} ${g.test ?? ''}`).to.equal(refused)
    }
  })

  it('sends every accepted gap unchanged through `cli api`, the way to send any route as written', async () => {
    // A gap is a family command that sends the same change or read differently by a project rule, or a route outside
    // the token API: none is a request `cli` cannot send. `cli api` sends each exactly (method, path, query, body).
    const accepted = corpus.requests.filter((r) => {
      const gap = gapOf(r)
      return gap !== undefined && gap.kind !== 'refused' && failures.some((f) => f.r === r)
    })
    expect(accepted.length).to.be.greaterThan(10)
    for (const request of accepted) {
      const filledIn = fill(request)
      const argv = [
        'api',
        filledIn.method,
        filledIn.path.replace(/^\/api\/v1\//, ''),
        ...Object.entries(filledIn.query).flatMap(([k, v]) => ['--param', `${k}=${v}`]),
        ...(empty(filledIn.payload) ? [] : ['--data', JSON.stringify(filledIn.payload)]),
        '--dry-run',
      ]
      const result = await cli.run(argv, ENV)
      expect(result.code, `${request.test}: ${result.stderr}`).to.equal(0)
      expect(result.stderr, request.test).to.equal('')
      expect(difference(filledIn, result), `${request.test}: cli ${argv.join(' ')}`).to.equal(undefined)
    }
  })

  it('lists no gap that no longer fails', () => {
    const stale = gaps.filter((g) => !failures.some((f) => gapOf(f.r) === g)).map((g) => `${g.request} ${g.test ?? ''}`)
    expect(stale, stale.join('\n')).to.deep.equal([])
  })
})
