/**
 * A family is one entry: its examples and exceptions live in families/*.ts (its fields in
 * registry/server), and no
 * other source file branches on a family's name.
 */
import {readdirSync, readFileSync, statSync} from 'node:fs'
import {dirname, join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'

import {expect} from 'chai'

import {EMAIL_TEMPLATES, emailOperation} from '../src/registry/operations/document-ops.js'
import {checkPayloadSources} from '../src/input/payload.js'
import {type Family, VERBS} from '../src/registry/types.js'
import {FAMILIES, family} from '../src/registry/registry.js'
import {fieldTypes, listFilters, serverFacts} from '../src/registry/server/facts.js'
import {usage} from './helpers.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..')

/** The payload fields a create example sets: --data keys, --field keys, guided flags. */
function fieldsOf(example: string): string[] {
  const data = /--data '(\{.*\})'/.exec(example)
  const keys = data ? Object.keys(JSON.parse(data[1]) as object) : []
  const fields = [...example.matchAll(/--field ([a-z_0-9]+)[.=]/g)].map((m) => m[1])
  const guided = [
    ...example.matchAll(
      /--((?:client|vendor|project)-id|name|number|date|due-date|amount|price|quantity|public-notes|private-notes)\b/g,
    ),
  ].map((m) => m[1].replaceAll('-', '_'))
  return [...keys, ...fields, ...guided]
}

/** The fields the server writes for a family (registry/server), by name. */
const writable = (f: Family) => fieldTypes(serverFacts(f.word)?.fields)

describe('the registry: a family is one entry', () => {
  for (const f of FAMILIES) {
    it(`${f.word}: the server's fields where it writes, and an example for each verb that writes`, () => {
      const fields = writable(f)
      if (f.verbs.has('create') || f.verbs.has('update')) expect(fields.size, 'fields').to.be.above(0)
      if (f.verbs.has('create')) {
        expect(f.examples.create, 'create example')
          .to.be.a('string')
          .and.match(/--dry-run$/)
        expect(
          fieldsOf(f.examples.create!).filter((name) => !fields.has(name)),
          'fields the create example sets',
        ).to.deep.equal([])
      }
      const update = f.examples.update ?? ''
      if (f.verbs.has('update') && update.includes('='))
        expect(
          fieldsOf(update).filter((name) => !fields.has(name)),
          'fields the update example sets',
        ).to.deep.equal([])
      else if (f.verbs.has('update')) expect(fields.get(update), 'the update example field, a string').to.equal('str')
    })
  }

  it('every field of every family reads, its samples put in (the derived ones are worked out on first read)', () => {
    for (const f of FAMILIES) {
      expect(f.noun, f.word).to.match(/^[a-z][a-z ]+[a-z]$/)
      const texts = [f.examples.create ?? '', ...f.everyday, ...f.operations.flatMap((op) => op.examples)]
      expect(
        texts.filter((t) => /\{[a-z-]+\}/.test(t)),
        f.word,
      ).to.deep.equal([])
      expect(
        [...(f.statuses?.keys() ?? [])].every((k) => /^-?\d+$/.test(k)),
        f.word,
      ).to.equal(true)
      expect(
        f.actions.every((a) => /^[a-z_]+$/.test(a)),
        f.word,
      ).to.equal(true)
      expect(
        f.keys.every((k) => k.fields.length > 0),
        f.word,
      ).to.equal(true)
      // Read twice, the same value: worked out once.
      for (const read of [
        () => f.keys,
        () => f.examples,
        () => f.columns,
        () => f.everyday,
        () => f.statuses,
        () => f.codes,
      ])
        expect(read()).to.equal(read())
    }
    expect(family('expense-categories').noun).to.equal('expense category')
    expect(family('invoices').statuses?.get('4')).to.equal('Paid')
    // Coded fields: the status, and a recurring document's frequency.
    expect(family('invoices').codes?.get('status_id')).to.equal(family('invoices').statuses)
    expect([...(family('invoices').codes?.keys() ?? [])]).to.deep.equal(['status_id'])
    for (const word of ['recurring-invoices', 'recurring-quotes', 'recurring-expenses'])
      expect(family(word).codes?.get('frequency_id')?.get('5'), word).to.equal('Monthly')
    expect(family('clients').codes).to.equal(undefined)
  })

  it('no operation is named as a verb: the command table asks the verbs first', () => {
    for (const f of FAMILIES)
      expect(
        f.operations.map((op) => op.name).filter((name) => (VERBS as readonly string[]).includes(name)),
        f.word,
      ).to.deep.equal([])
  })

  it("human keys (records by number and name): each lookup is a filter the family's server list has", () => {
    const keyed = FAMILIES.filter((f) => f.keys.length > 0)
    expect(keyed.map((f) => f.word)).to.include.members(['invoices', 'clients', 'vendors', 'products', 'payments'])
    for (const f of keyed)
      for (const lookup of f.keys)
        expect(listFilters(f.word).has(lookup.filter), `${f.word} ${lookup.filter}`).to.equal(true)
    expect(FAMILIES.find((f) => f.word === 'vendors')!.keys).to.deep.equal([
      {filter: 'filter', fields: ['name', 'contacts.email']},
      {filter: 'number', fields: ['number']},
    ])
  })

  it('the --line-item refusal names the document-like families the registry has', () => {
    const error = usage(() =>
      checkPayloadSources({'line-item': ['cost=1']}, {documentLike: false, familyWord: 'clients'}),
    )
    expect(error.message).to.equal(
      '--line-item is only for document-like families (credits, invoices, purchase-orders, quotes, ' +
        'recurring-invoices, recurring-quotes), not clients: use --field or --data',
    )
  })

  it('an e-mail operation defaults to a template the server has; an unknown one stops the registry loading', () => {
    const defaults = FAMILIES.flatMap((f) =>
      f.operations
        .filter((o) => o.name === 'email')
        .map((o) => [f.word, (o.build({}, 'VolejRejNm').request.body as {template: string}).template]),
    )
    expect(Object.fromEntries(defaults)).to.deep.equal({
      credits: 'email_template_credit',
      invoices: 'email_template_invoice',
      payments: 'email_template_payment',
      'purchase-orders': 'email_template_purchase_order',
      quotes: 'email_template_quote',
      'recurring-invoices': 'email_template_invoice',
    })
    for (const [, template] of defaults) expect(EMAIL_TEMPLATES).to.include(template)
    expect(() => emailOperation('credits', 'credits')).to.throw(
      'registry: credits names unknown e-mail template email_template_credits',
    )
  })

  it('the checks above fail on a family the server has no fields for, or without examples', () => {
    const bare = {...FAMILIES.find((f) => f.word === 'designs')!, word: 'nothing', examples: {}} as Family
    expect(writable(bare).size).to.equal(0)
    expect(bare.examples.create).to.equal(undefined)
  })
})

/** Every .ts file under `dir`, skipping build output and dependencies. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (name === 'node_modules' || name === 'dist' || name === 'lib') return []
    if (statSync(path).isDirectory()) return sources(path)
    return name.endsWith('.ts') ? [path] : []
  })
}

/** Lines that branch on a family's name or key a table by one: `f.word === 'x'`, `case 'x':`, `'x-y': ...`. */
export function familyBranches(text: string, words: readonly string[]): string[] {
  const quoted = (list: readonly string[]) => `'(?:${list.join('|')})'`
  const word = quoted(words)
  const patterns = [
    new RegExp(`[!=]==?\\s*${word}`),
    new RegExp(`${word}\\s*[!=]==?`),
    new RegExp(`\\bcase\\s+${word}`),
    /\.word\s*[!=]==?\s*['"`]/,
    // A table keyed by family word (plain words as keys are too common to tell apart: `credits: true`).
    new RegExp(`^\\s*${quoted(words.filter((w) => w.includes('-')))}\\s*:`),
  ]
  // A list of families written out in code or a message (not in a comment): `(invoices, quotes, credits, ...)`.
  const bare = `(?:${words.join('|')})`
  const list = new RegExp(`\\b${bare}, ${bare}, ${bare}\\b`)
  const comment = /^\s*(?:\*|\/\/|\/\*)/
  return text
    .split('\n')
    .filter((line) => patterns.some((p) => p.test(line)) || (list.test(line) && !comment.test(line)))
}

describe('no source file outside the family data names a family in a branch', () => {
  const words = FAMILIES.map((f) => f.word)

  it('the check finds the branches it is for', () => {
    expect(
      familyBranches(
        `if (f.word === 'clients') return 1\nswitch (w) {\n  case 'invoices':\n}\nconst T = {\n  ` +
          `'purchase-orders': 1,\n  name: 2,\n}`,
        words,
      ),
    ).to.deep.equal(["if (f.word === 'clients') return 1", "  case 'invoices':", "  'purchase-orders': 1,"])
    expect(
      familyBranches("throw usageError('only for (invoices, quotes, credits)')\n// invoices, quotes, credits", words),
    ).to.have.length(1)
    expect(
      familyBranches(
        `emailOperation('invoices', 'invoice')\nconst all = FAMILIES.find((f) => f.word === word)\n  'dry-run': 1,`,
        words,
      ),
    ).to.deep.equal([])
  })

  it('packages/core/src, src and plugins/*/src', () => {
    const dirs = [
      join(ROOT, 'packages', 'core', 'src'),
      join(ROOT, 'src'),
      ...readdirSync(join(ROOT, 'plugins')).map((p) => join(ROOT, 'plugins', p, 'src')),
    ]
    // The family data: the entries, and the server's facts keyed by family.
    const data = ['families', 'server'].map((dir) => join(ROOT, 'packages', 'core', 'src', 'registry', dir) + '/')
    const found = dirs
      .flatMap((dir) => sources(dir))
      .filter((path) => !data.some((dir) => path.startsWith(dir)))
      .flatMap((path) =>
        familyBranches(readFileSync(path, 'utf8'), words).map((line) => `${relative(ROOT, path)}: ${line.trim()}`),
      )
    expect(found).to.deep.equal([])
  })
})
