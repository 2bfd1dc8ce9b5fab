/**
 * Property-based tests (fast-check) of the input surface: whatever a user types, the `--field` /
 * `--line-item` grammar and the route builders either succeed or refuse with the CLI's usage error
 * (exit 2), and every path built stays under /api/v1/<family>.
 */
import {expect} from 'chai'
import fc from 'fast-check'

import {CliError} from '../src/errors.js'
import {fieldsObject} from '../src/input/payload.js'
import {parseLineItem} from '../src/input/field-syntax.js'
import {type Family} from '../src/registry/types.js'
import {FAMILIES} from '../src/registry/registry.js'
import type {RequestSpec} from '../src/plan/request.js'
import {
  actionRequest,
  bulkRequest,
  deleteRequest,
  downloadRequest,
  editTemplateRequest,
  listRequest,
  showRequest,
  updateRequest,
  uploadRequest,
} from '../src/plan/routes.js'
import {normalizeEndpoint} from '../src/commands/runner-command.js'

const RUNS = {numRuns: 300}

/** Strings a user might type, and strings built to hurt: path tricks, quotes, separators, any code point. */
const nasty = fc.oneof(
  fc.string(),
  fc.string({unit: 'binary', maxLength: 30}),
  fc.stringMatching(/^[a-z0-9_.=,"' /\\?#%&:|-]{0,24}$/),
  fc.constantFrom(
    '..',
    '.',
    '%2e%2e',
    '%2F',
    '/',
    '?x=1',
    '#f',
    '../invoices',
    'a/../b',
    '\u0000',
    '\n',
    'VolejRejNm',
    'a=b=c',
    '"',
    "'",
  ),
)

/** Anything but the CLI's usage error is a bug. */
function refusesCleanly(fn: () => unknown): unknown {
  try {
    return fn()
  } catch (error) {
    expect(error, String(error)).to.be.instanceOf(CliError)
    expect((error as CliError).exitCode, (error as CliError).message).to.equal(2)
    expect((error as CliError).message, 'one line').not.to.match(/[\r\n]/)
    return undefined
  }
}

/** The path stays in the family's own routes, even after the server decodes it once. */
function staysUnder(spec: RequestSpec, segment: string): void {
  expect(spec.path.startsWith(`/api/v1/${segment}`), spec.path).to.equal(true)
  expect(spec.path, 'no query or fragment smuggled into the path').not.to.match(/[?#]/)
  const decoded = spec.path.split('/').map((s) => decodeURIComponent(s))
  expect(decoded.slice(0, 4), spec.path).to.deep.equal(['', 'api', 'v1', segment].slice(0, Math.min(4, decoded.length)))
  for (const seg of decoded.slice(3)) {
    expect(seg, spec.path).not.to.be.oneOf(['.', '..'])
    expect(seg, spec.path).not.to.match(/[/?#]/)
  }
}

const withVerb = (verb: string): Family[] => FAMILIES.filter((f) => f.verbs.has(verb as never))
const familyWith = (verb: string) => fc.constantFrom(...withVerb(verb))
const FILE = {path: '/tmp/x.pdf', filename: 'x.pdf', size: 1}

describe('fuzz: the input surface never throws anything but a usage error', () => {
  it('--field assignments', () => {
    fc.assert(
      fc.property(fc.array(nasty, {maxLength: 5}), (fields) => {
        const body = refusesCleanly(() => fieldsObject(fields))
        if (body !== undefined) expect(JSON.parse(JSON.stringify(body))).to.deep.equal(body)
      }),
      RUNS,
    )
  })

  it('--field with keys built from the grammar’s own pieces', () => {
    const key = fc
      .array(fc.constantFrom('contacts', 'line_items', 'settings', 'email', '0', '1', '10000', '', 'a b', 'x'), {
        minLength: 1,
        maxLength: 4,
      })
      .map((parts) => parts.join('.'))
    const value = fc.constantFrom('', '""', "''", '"', 'true', 'null', '1e400', '-0', '0042', '12.50', 'a,b', '=')
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(key, value).map(([k, v]) => `${k}=${v}`),
          {maxLength: 4},
        ),
        (fields) => void refusesCleanly(() => fieldsObject(fields)),
      ),
      RUNS,
    )
  })

  it('--line-item values', () => {
    const pairs = fc.array(
      fc.oneof(
        nasty,
        fc.constantFrom('product_key=A', 'quantity=2', 'cost=10', 'notes="a, b"', "notes='x", '=1', 'k='),
      ),
      {maxLength: 4},
    )
    fc.assert(
      fc.property(
        fc.oneof(
          nasty,
          pairs.map((p) => p.join(',')),
        ),
        (raw) => {
          const item = refusesCleanly(() => parseLineItem(raw))
          if (item !== undefined) expect(item).to.be.an('object')
        },
      ),
      RUNS,
    )
  })

  it('ids and invitation keys: every path stays under /api/v1/<family>', () => {
    const builders: Array<[string, (f: Family, id: string) => RequestSpec, (f: Family) => string]> = [
      ['show', (f, id) => showRequest(f, id), (f) => f.segment],
      ['update', (f, id) => updateRequest(f, id, {}), (f) => f.segment],
      ['delete', (f, id) => deleteRequest(f, id), (f) => f.segment],
      ['edit-template', (f, id) => editTemplateRequest(f, id), (f) => f.segment],
      ['upload', (f, id) => uploadRequest(f, id, [FILE]), (f) => f.segment],
      ['action', (f, id) => actionRequest(f, id, 'archive').request, (f) => f.segment],
      [
        'download',
        (f, id) => downloadRequest(f, id),
        (f) => (f.download?.kind === 'invitation' ? f.download.segment : f.segment),
      ],
    ]
    for (const [verb, build, segment] of builders) {
      fc.assert(
        fc.property(familyWith(verb), nasty, (f, id) => {
          const spec = refusesCleanly(() => build(f, id)) as RequestSpec | undefined
          if (spec) staysUnder(spec, segment(f))
        }),
        {numRuns: 150},
      )
    }
  })

  it('action names, bulk ids, --include, --sort and --filter', () => {
    fc.assert(
      fc.property(familyWith('action'), nasty, nasty, (f, id, action) => {
        const routed = refusesCleanly(() => actionRequest(f, id, action)) as
          {request: RequestSpec; fallback?: {request: RequestSpec}} | undefined
        if (routed) staysUnder(routed.request, f.segment)
        if (routed?.fallback) staysUnder(routed.fallback.request, f.segment)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(familyWith('bulk'), nasty, fc.array(nasty, {maxLength: 3}), (f, action, ids) => {
        const spec = refusesCleanly(() => bulkRequest(f, action, ids)) as RequestSpec | undefined
        if (spec) expect(spec.path).to.equal(`/api/v1/${f.segment}/bulk`)
      }),
      RUNS,
    )
    fc.assert(
      fc.property(familyWith('list'), nasty, nasty, fc.array(nasty, {maxLength: 3}), (f, include, sort, filters) => {
        const spec = refusesCleanly(() => listRequest(f, {include, sort, filters})) as RequestSpec | undefined
        if (spec) expect(spec.path).to.equal(`/api/v1/${f.segment}`)
      }),
      RUNS,
    )
  })

  it('runner --endpoint: always a path under /api/v1/, never a URL, a climb, a query or a fragment', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          nasty,
          fc.array(nasty, {maxLength: 4}).map((p) => p.join('/')),
        ),
        (raw) => {
          const path = refusesCleanly(() => normalizeEndpoint(raw)) as string | undefined
          if (path === undefined) return
          const segments = path.split('/')
          expect(path).not.to.match(/[?#:\\]/)
          for (const seg of segments) expect(seg, path).not.to.be.oneOf(['', '.', '..'])
        },
      ),
      RUNS,
    )
  })
})
