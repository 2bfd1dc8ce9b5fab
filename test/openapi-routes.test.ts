/**
 * The registry against the upstream's published OpenAPI document (read from ../shared; skipped
 * when it is absent): every route a command calls is published, and every published verb route
 * has its command — except where the server differs from the document. Those exceptions are named
 * here one by one (FACTS.md, "The server as it really is"), and the registry must record exactly
 * them. The document's known misspellings are corrected as FACTS.md says.
 */
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'
import YAML from 'yaml'

import {FAMILIES, type Family, VERBS, type Verb} from '../packages/core/src/internal.js'
import {ROOT} from './support/cli.js'

const DOC = join(ROOT, '..', 'shared', 'upstream', 'openapi.yaml')
const GET_ACTION_FAMILIES = new Set(['quotes', 'payments', 'purchase-orders', 'recurring-invoices', 'recurring-quotes'])

/** Published in the document, but the server has no such route: refused locally, with the command that works. */
const DOCUMENT_ONLY = ['recurring-invoices download', 'users delete', 'users edit-template']
/** Routed by the server, but not in the document: commands all the same. */
const SERVER_ONLY = [
  'documents bulk',
  'documents delete',
  'documents download',
  'documents show',
  'documents update',
  'tax-rates create',
]
/**
 * Spec rule 3 sends these as GET /{seg}/{id}/{action}, which only
 * the document has: the CLI falls back to bulk after the 404.
 */
const GET_ACTION_DOCUMENT_ONLY = ['payments', 'recurring-invoices', 'recurring-quotes']
/** FACTS.md: the server registers GET /{seg}/{id}/{action} for these (the document omits credits). */
const GET_ACTION_SERVER = ['credits', 'invoices', 'purchase_orders', 'quotes']

// FACTS.md: the document misspells these; the server's real paths are used.
function correct(route: string): string {
  return route
    .replace('/bank_transations/', '/bank_transactions/')
    .replace('/bank_transation_rules/', '/bank_transaction_rules/')
    .replace(/^(PUT|DELETE) \/api\/v1\/purchase_order\/\{\}$/, '$1 /api/v1/purchase_orders/{}')
}

function publishedRoutes(): Set<string> {
  const doc = YAML.parse(readFileSync(DOC, 'utf8')) as {paths: Record<string, Record<string, unknown>>}
  const routes = new Set<string>()
  for (const [path, ops] of Object.entries(doc.paths)) {
    const normal = path.replaceAll(/\{[^}]+\}/g, '{}').replace(/\/$/, '')
    for (const method of Object.keys(ops)) {
      if (['get', 'post', 'put', 'delete'].includes(method)) routes.add(correct(`${method.toUpperCase()} ${normal}`))
    }
  }
  return routes
}

const INVITATION_SEGMENTS: Record<string, string> = {
  credits: 'credit',
  invoices: 'invoice',
  'purchase-orders': 'purchase_order',
  quotes: 'quote',
  'recurring-invoices': 'recurring_invoice',
}

/** The route a verb calls, written from the table (not from the code under test). */
function expectedRoute(f: Family, verb: Verb): string {
  const base = `/api/v1/${f.segment}`
  const table: Record<Verb, string> = {
    list: `GET ${base}`,
    show: `GET ${base}/{}`,
    template: `GET ${base}/create`,
    'edit-template': `GET ${base}/{}/edit`,
    create: `POST ${base}`,
    update: `PUT ${base}/{}`,
    delete: `DELETE ${base}/{}`,
    bulk: `POST ${base}/bulk`,
    action: GET_ACTION_FAMILIES.has(f.word) ? `GET ${base}/{}/{}` : `POST ${base}/bulk`,
    upload: `POST ${base}/{}/upload`,
    download:
      f.word === 'documents' ? `GET ${base}/{}/download` : `GET /api/v1/${INVITATION_SEGMENTS[f.word]}/{}/download`,
  }
  return table[verb]
}

const named = (f: Family, verbs: Iterable<Verb>): string[] => [...verbs].map((v) => `${f.word} ${v}`)

describe('registry routes against the published OpenAPI document', function () {
  let published: Set<string>
  before(function () {
    // The document lives in ../shared beside the clone; without it there is nothing to compare.
    if (!existsSync(DOC)) this.skip()
    published = publishedRoutes()
  })

  it('the registry records exactly the named differences between the server and the document', () => {
    expect(FAMILIES.flatMap((f) => named(f, f.documentOnly.keys())).sort()).to.deep.equal(DOCUMENT_ONLY)
    expect(FAMILIES.flatMap((f) => named(f, f.serverOnly)).sort()).to.deep.equal(SERVER_ONLY)
    expect(FAMILIES.filter((f) => f.actionGet === 'document').map((f) => f.word)).to.deep.equal(
      GET_ACTION_DOCUMENT_ONLY,
    )
  })

  it('a raw GET runs a record action exactly where the document or the server routes GET /{seg}/{id}/{action}', () => {
    const documented = [...published].flatMap((r) => /^GET \/api\/v1\/([a-z_]+)\/\{\}\/\{\}$/.exec(r)?.[1] ?? [])
    const expected = [...new Set([...documented, ...GET_ACTION_SERVER])].sort()
    expect(FAMILIES.filter((f) => f.getActionRoute).map((f) => f.segment)).to.deep.equal(expected)
  })

  it('each named exception is what the document says: document-only routes published, server-only ones not', () => {
    for (const f of FAMILIES) {
      for (const verb of f.documentOnly.keys())
        expect(published.has(expectedRoute(f, verb)), `${f.word} ${verb}`).to.equal(true)
      for (const verb of f.serverOnly)
        expect(published.has(expectedRoute(f, verb)), `${f.word} ${verb}`).to.equal(false)
    }
  })

  for (const f of FAMILIES) {
    it(`${f.word}: every command's route is published, and every published verb has its command, but for the named exceptions`, () => {
      for (const verb of VERBS) {
        const exception =
          f.documentOnly.has(verb) || f.serverOnly.has(verb) || (verb === 'action' && f.serverOnly.has('bulk'))
        if (exception) continue
        if (f.verbs.has(verb)) {
          expect(
            published.has(expectedRoute(f, verb)),
            `${f.word} ${verb}: ${expectedRoute(f, verb)} is published`,
          ).to.equal(true)
        } else if (verb !== 'download') {
          const route = verb === 'action' ? `GET /api/v1/${f.segment}/{}/{}` : expectedRoute(f, verb)
          expect(published.has(route), `${f.word} has no ${verb}, so ${route} must not be published`).to.equal(false)
          if (verb === 'action') expect(published.has(`POST /api/v1/${f.segment}/bulk`)).to.equal(false)
        }
      }
    })
  }

  it('invitation-key download exists exactly for the families whose route is published, less those the server lacks', () => {
    const downloadSegments = [...published]
      .flatMap((r) => /^GET \/api\/v1\/([a-z_]+)\/\{\}\/download$/.exec(r)?.[1] ?? [])
      .filter((s) => !s.endsWith('s'))
      .sort()
    const ours = FAMILIES.flatMap((f) => (f.download?.kind === 'invitation' ? [f.download.segment] : [])).sort()
    expect(ours).to.deep.equal(downloadSegments)
    const served = FAMILIES.filter((f) => f.verbs.has('download') && f.download?.kind === 'invitation')
      .map((f) => f.word)
      .sort()
    expect(served).to.deep.equal(['credits', 'invoices', 'purchase-orders', 'quotes'])
  })

  it('statics and ping are published', () => {
    expect(published.has('GET /api/v1/statics')).to.equal(true)
    expect(published.has('GET /api/v1/ping')).to.equal(true)
  })
})
