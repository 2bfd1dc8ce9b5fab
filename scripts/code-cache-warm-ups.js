// What scripts/bundle.js runs in a bundle, in a throwaway child Node, before it saves the bundle's V8 code
// cache: the functions a typical run calls are then compiled once, at build time, not at every start.
import {mkdtempSync, rmSync} from 'node:fs'
import {createServer} from 'node:http'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

/** got: the options of an upload (http/got-loader.ts) are checked by code compiled here. */
export const got = (m) =>
  new m.exports.Options('http://127.0.0.1:1/api/v1/ping', {
    method: 'GET',
    headers: {Accept: 'application/json'},
    throwHttpErrors: false,
    followRedirect: false,
    retry: {limit: 0},
    timeout: {lookup: 1000, connect: 1000, request: 1000},
  })

const RECORD = {id: 'VolejRejNm', name: 'Warm-up Ltd', number: '0001', balance: 0, updated_at: 0}
const PAGE = {total: 1, count: 1, per_page: 20, current_page: 1, total_pages: 1}

/** Read by a list's dry run, a list and a show: every command's cache holds what they compile. */
const READS = [
  ['clients', 'list', '--dry-run'],
  ['clients', 'list'],
  ['clients', 'show', 'VolejRejNm', '--output', 'json'],
]
/** A create's and an update's dry runs (a guided and a raw payload): the payload, its check and the plan. */
const WRITES = [
  ['invoices', 'create', '--client-id', 'VolejRejNm', '--line-item', 'product_key=A,quantity=1,cost=10', '--dry-run'],
  ['clients', 'update', 'VolejRejNm', '--data', '{"name":"Warm-up Ltd"}', '--dry-run'],
]

/**
 * The fast path: command lines parsed, then the reads run whole against a server on a loopback port of this child
 * (their output goes to the build's /dev/null); for the cache a write starts on (bin/run.js), the writes' dry runs too.
 */
export const fastPath = (m) => runAll(m, READS)
export const fastPathWrites = (m) => runAll(m, [...READS, ...WRITES])

async function runAll(m, lines) {
  m.exports.parseCommandLine(['invoices', 'list', '--per-page', '5'])
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'application/json')
    const one = /\/clients\/\w+/.test(req.url)
    res.end(JSON.stringify(one ? {data: RECORD} : {data: [RECORD], meta: {pagination: PAGE}}))
  })
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
  const home = mkdtempSync(join(tmpdir(), 'warm-up-'))
  const env = {PATH: process.env.PATH, HOME: home, CLI_API_TOKEN: 'warm-up'}
  env.CLI_BASE_URL = `http://127.0.0.1:${server.address().port}`
  process.env = env
  try {
    for (const argv of lines)
      if (!(await m.exports.runFast(argv, env))) throw new Error(`the fast path declined: cli ${argv.join(' ')}`)
  } finally {
    server.close()
    rmSync(home, {recursive: true, force: true})
  }
}
