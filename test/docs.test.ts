/**
 * The committed docs/ pages are the ones `npm run docs` generates from the commands: CI fails
 * when a command changed and its page was not regenerated. The index links reach real anchors.
 */
import {readdirSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {ROOT, runProcess} from './support/cli.js'

describe('generated docs', function () {
  this.timeout(60_000)

  it('are up to date with the commands (else: npm run docs, and commit)', async () => {
    const r = await runProcess(process.execPath, ['scripts/docs.js', '--check'])
    expect(r.stderr).to.match(/^docs: \d+ files up to date\n$/)
    expect(r.code).to.equal(0)
  })

  it('one page per topic, each command with usage, flags, examples and its route', () => {
    const pages = readdirSync(join(ROOT, 'docs', 'commands'))
    for (const topic of ['invoices', 'purchase-orders', 'statics', 'auth', 'reports', 'autocomplete'])
      expect(pages).to.include(`${topic}.md`)
    const invoices = readFileSync(join(ROOT, 'docs', 'commands', 'invoices.md'), 'utf8')
    const create = invoices.slice(
      invoices.indexOf('## `cli invoices create`'),
      invoices.indexOf('## `cli invoices delete ID`'),
    )
    for (const part of [
      'USAGE\n  $ cli invoices create',
      'PAYLOAD FLAGS',
      '--no-validate',
      'GLOBAL FLAGS',
      'Calls POST /api/v1/invoices.',
      'EXAMPLES\n  $ cli invoices create',
    ]) {
      expect(create, part).to.include(part)
    }
  })

  it('the index links every topic page and every command anchor', () => {
    const index = readFileSync(join(ROOT, 'docs', 'index.md'), 'utf8')
    const links = [...index.matchAll(/\]\((commands\/[^)#]+\.md)(?:#([^)]+))?\)/g)]
    expect(links.length).to.be.greaterThan(350)
    const missing = links.filter(([, page, anchor]) => {
      const text = readFileSync(join(ROOT, 'docs', page), 'utf8')
      return anchor !== undefined && !text.includes(`](#${anchor})`)
    })
    expect(missing.map(([link]) => link)).to.deep.equal([])
    expect(index).to.include('](environment.md)')
    expect(index).to.include('](plugins.md)')
  })
})
