// `npx tsx scripts/feature-corpus.ts <server checkout>`: reads the Invoice Ninja server's feature tests
// (tests/Feature/**/*Test.php) and writes test/fixtures/feature-corpus.json: every request they send to /api/v1 that a
// literal reading can rebuild (method, path, query, payload with placeholders for computed ids, dates and faker text,
// the status the test asserts, the test's name), and the count of those it could not, by reason. Facts only: no
// code or text of the tests is kept beyond the requests. `--check` writes nothing and fails when the file differs.
import {existsSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {dirname, join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'

import {type Json, useConstants} from './feature-corpus/php-values.js'
import {readTestFile, type CorpusRequest, type Skipped} from './feature-corpus/read-tests.js'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
const OUT = join(ROOT, 'test', 'fixtures', 'feature-corpus.json')

function testFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) return testFiles(path)
      return name.endsWith('Test.php') ? [path] : []
    })
}

const tally = (skipped: Skipped[]) => {
  const counts: Record<string, number> = {}
  for (const s of skipped) counts[s.reason] = (counts[s.reason] ?? 0) + 1
  return Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1]))
}

/** Class constants by class basename, from app/ (models, factories' types): `const NAME = 1;` literals only. */
function classConstants(checkout: string): (cls: string, name: string) => Json | undefined {
  const files = new Map<string, string[]>()
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (name.endsWith('.php')) files.set(name.slice(0, -4), [...(files.get(name.slice(0, -4)) ?? []), path])
    }
  }
  walk(join(checkout, 'app'))
  return (cls, name) => {
    const pattern = new RegExp(`const\\s+${name}\\s*=\\s*('([^']*)'|"([^"]*)"|-?\\d+(?:\\.\\d+)?|true|false)\\s*;`)
    const m = (files.get(cls) ?? []).map((path) => pattern.exec(readFileSync(path, 'utf8'))).find(Boolean)
    if (!m) return undefined
    if (m[2] !== undefined || m[3] !== undefined) return m[2] ?? m[3]
    return m[1] === 'true' ? true : m[1] === 'false' ? false : Number(m[1])
  }
}

function main() {
  const {values: opts, positionals} = parseArgs({allowPositionals: true, options: {check: {type: 'boolean'}}})
  const checkout = positionals[0]
  const features = checkout ? join(checkout, 'tests', 'Feature') : ''
  if (!checkout || !existsSync(features))
    throw new Error('usage: tsx scripts/feature-corpus.ts <server checkout> [--check]')
  useConstants(classConstants(checkout))
  const requests: CorpusRequest[] = []
  const skipped: Skipped[] = []
  for (const path of testFiles(features)) {
    const file = relative(features, path).replace(/\.php$/, '')
    const read = readTestFile(file, readFileSync(path, 'utf8'))
    requests.push(...read.requests)
    skipped.push(...read.skipped)
  }
  const corpus = {
    about:
      "Requests of the Invoice Ninja server's feature tests (tests/Feature, release 5.10.42), as written by " +
      'scripts/feature-corpus.ts. Placeholders: {{hid}} a hashed id, {{raw-id}} a raw database id, {{text}}, ' +
      '{{email}}, {{date}} (Y-m-d), {{datetime}} computed values.',
    counts: {read: requests.length, skipped: skipped.length},
    skipped: tally(skipped),
    requests,
    skippedRequests: skipped,
  }
  const text = `${JSON.stringify(corpus, null, 1)}\n`
  const now = existsSync(OUT) ? readFileSync(OUT, 'utf8') : undefined
  process.stderr.write(`${requests.length} requests read, ${skipped.length} skipped\n`)
  if (opts.check) {
    if (now !== text) {
      process.stderr.write(`${relative(ROOT, OUT)} differs from what ${checkout} gives\n`)
      process.exitCode = 1
    }
  } else writeFileSync(OUT, text)
}

main()
