// `npx tsx scripts/server-facts.ts <server checkout>`, or `... --git <git dir> [--ref <ref>]` to read a
// commit of a clone without a work tree: reads the Invoice Ninja server's own source (app/Models,
// app/Http/Requests, app/Transformers, app/Filters, app/DataMapper/InvoiceItem.php, and the table
// columns of database/schema and database/migrations) and writes what it knows of each family's
// fields and filters to packages/core/src/registry/server/*.ts, as our own data: names, types,
// required-ness, value sets. `--check` writes nothing and fails when the committed tables differ.
// Judgement calls a regex-level reading cannot make are in server-facts/overrides.ts, the filters'
// meanings in server-facts/meanings.ts; what it could only guess is listed on stderr.
import {execFileSync} from 'node:child_process'
import {existsSync, readdirSync, readFileSync, writeFileSync} from 'node:fs'
import {basename, dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'

import {emitFile, type Value} from './server-facts/emit.js'
import {elements, family, genericFilters, type Shared} from './server-facts/family.js'
import {LIST_PARAMS} from './server-facts/meanings.js'
import {OVERRIDES} from './server-facts/overrides.js'
import {guesses, usedOverrides} from './server-facts/types.js'
import {readBase, type Read} from './server-facts/read.js'
import {calculatedAttributes} from './server-facts/read-totals.js'
import {filterConstants} from './server-facts/read-filters.js'
import {readSchema, type List} from './server-facts/read-schema.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const OUT = join(ROOT, 'packages', 'core', 'src', 'registry', 'server')

type Group = 'banking' | 'catalog' | 'documents' | 'logs' | 'money' | 'parties' | 'recurring' | 'settings'

/** Each family of the CLI: its command word, the server's controller for it, the file it goes in. */
const FAMILIES: ReadonlyArray<[word: string, controller: string, group: Group]> = [
  ['designs', 'Design', 'catalog'],
  ['documents', 'Document', 'catalog'],
  ['products', 'Product', 'catalog'],
  ['projects', 'Project', 'catalog'],
  ['subscriptions', 'Subscription', 'catalog'],
  ['task-statuses', 'TaskStatus', 'catalog'],
  ['tasks', 'Task', 'catalog'],
  ['credits', 'Credit', 'documents'],
  ['invoices', 'Invoice', 'documents'],
  ['purchase-orders', 'PurchaseOrder', 'documents'],
  ['quotes', 'Quote', 'documents'],
  ['recurring-invoices', 'RecurringInvoice', 'recurring'],
  ['recurring-quotes', 'RecurringQuote', 'recurring'],
  ['activities', 'Activity', 'logs'],
  ['company-ledger', 'CompanyLedger', 'logs'],
  ['system-logs', 'SystemLog', 'logs'],
  ['bank-integrations', 'BankIntegration', 'banking'],
  ['bank-transaction-rules', 'BankTransactionRule', 'banking'],
  ['bank-transactions', 'BankTransaction', 'banking'],
  ['company-gateways', 'CompanyGateway', 'banking'],
  ['expense-categories', 'ExpenseCategory', 'money'],
  ['expenses', 'Expense', 'money'],
  ['payment-terms', 'PaymentTerm', 'money'],
  ['payments', 'Payment', 'money'],
  ['recurring-expenses', 'RecurringExpense', 'money'],
  ['tax-rates', 'TaxRate', 'money'],
  ['client-gateway-tokens', 'ClientGatewayToken', 'parties'],
  ['clients', 'Client', 'parties'],
  ['group-settings', 'GroupSetting', 'parties'],
  ['users', 'User', 'parties'],
  ['vendors', 'Vendor', 'parties'],
  ['companies', 'Company', 'settings'],
  ['task-schedulers', 'TaskScheduler', 'settings'],
  ['tokens', 'Token', 'settings'],
  ['webhooks', 'Webhook', 'settings'],
]

const GROUP_TITLES: Record<Group, string> = {
  banking: 'Banking and gateways: bank integrations, bank transactions and their rules, company gateways',
  catalog: 'What is sold and worked on: designs, documents, products, projects, subscriptions, tasks',
  documents: 'Documents sent to a party: invoices, quotes, credits, purchase orders',
  logs: 'Read-only logs: activities, the company ledger, system logs',
  money: 'Money in and out: payments, expenses, recurring expenses, their categories, terms and tax rates',
  parties: 'The people and companies records are for: clients, vendors, users, their groups and tokens',
  recurring: 'Documents sent on a schedule: recurring invoices and recurring quotes',
  settings: "The account's own settings: companies, scheduled tasks, API tokens, webhooks",
}

// ---- main ---------------------------------------------------------------------------------------

function source(positionals: string[], git?: string, ref = 'HEAD'): {read: Read; list: List; label: string} {
  if (git) {
    // git's complaints stay in the error thrown (a file the checkout lacks is read as undefined).
    const run = (args: string[]) =>
      execFileSync('git', ['-C', git, ...args], {encoding: 'utf8', maxBuffer: 1 << 26, stdio: 'pipe'})
    const read: Read = (path) => {
      try {
        return run(['show', `${ref}:${path}`])
      } catch {
        return undefined
      }
    }
    const list: List = (dir) =>
      run(['ls-tree', '--name-only', ref, `${dir}/`])
        .split('\n')
        .filter(Boolean)
        .map((path) => basename(path))
    return {read, list, label: `${ref} of ${git}`}
  }
  const dir = positionals[0]
  if (!dir || !existsSync(join(dir, 'app'))) {
    throw new Error('usage: tsx scripts/server-facts.ts <server checkout> | --git <git dir> [--ref <ref>] [--check]')
  }
  const read: Read = (path) => (existsSync(join(dir, path)) ? readFileSync(join(dir, path), 'utf8') : undefined)
  const list: List = (sub) => (existsSync(join(dir, sub)) ? readdirSync(join(dir, sub)) : [])
  return {read, list, label: dir}
}

function main() {
  const {values: opts, positionals} = parseArgs({
    allowPositionals: true,
    options: {git: {type: 'string'}, ref: {type: 'string'}, check: {type: 'boolean'}},
  })
  const {read, list, label} = source(positionals, opts.git, opts.ref)
  const version = read('VERSION.txt')?.trim()
  if (!version) throw new Error(`${label}: no VERSION.txt`)
  const shared: Shared = {
    read,
    base: readBase(read),
    constants: filterConstants(read),
    schema: readSchema(read, list),
    calculated: calculatedAttributes(read),
  }
  const files = new Map<string, string>()

  const groups = new Map<Group, Record<string, Value>>()
  for (const [word, controller, group] of FAMILIES) {
    groups.set(group, {...groups.get(group), [word]: family(shared, word, controller)})
  }
  for (const [group, data] of groups) {
    const name = `${group.toUpperCase()}_FACTS`
    files.set(
      `${group}.ts`,
      emitFile(version, GROUP_TITLES[group], ['FamilyFactsMakers'], [[name, 'FamilyFactsMakers', data, 'makers']]),
    )
  }
  files.set(
    'common.ts',
    emitFile(
      version,
      'The filters every filter class has, the list parameters, and the items of list fields',
      ['ElementFacts', 'FilterFact'],
      [
        ['SERVER_VERSION', undefined, version],
        ['GENERIC_FILTERS', 'Record<string, FilterFact>', genericFilters(shared)],
        [
          'LIST_PARAMS',
          'Record<string, FilterFact>',
          Object.fromEntries(Object.entries(LIST_PARAMS).map(([k, means]) => [k, {means}])),
        ],
        ['ELEMENT_FACTS', 'Record<string, ElementFacts>', elements(shared)],
      ],
    ),
  )

  for (const key of Object.keys(OVERRIDES)) if (!usedOverrides.has(key)) guesses.push(`override not used: ${key}`)
  for (const g of guesses) process.stderr.write(`${g}\n`)

  let stale = 0
  for (const [file, text] of files) {
    const path = join(OUT, file)
    const now = existsSync(path) ? readFileSync(path, 'utf8') : undefined
    if (now === text) continue
    stale++
    if (opts.check) process.stderr.write(`${file}: differs from what ${label} gives\n`)
    else writeFileSync(path, text)
  }
  process.stderr.write(
    `server ${version} (${label}): ${files.size} files, ${stale} ${opts.check ? 'differ' : 'written'}\n`,
  )
  if (opts.check && stale > 0) process.exitCode = 1
}

main()
