/**
 * The committed docs/ pages are the ones `npm run docs` generates from the commands: CI fails
 * when a command changed and its page was not regenerated. The index links reach real anchors.
 * The README and the hand-written pages of docs/: their links reach pages and headings that
 * exist, and the source files they name exist.
 */
import {existsSync, readdirSync, readFileSync, statSync} from 'node:fs'
import {createRequire} from 'node:module'
import {dirname, join, relative} from 'node:path'

import {expect} from 'chai'

import {ROOT, runCli, runProcess} from './support/cli.js'

/** The pages `npm run docs` writes (scripts/docs.js): everything else in docs/ is written by hand. */
const GENERATED = new Set(['docs/index.md', 'docs/environment.md'])
const handWritten = (): string[] => [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`)
    .filter((f) => !GENERATED.has(f)),
]

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

  it('the index links every hand-written page of docs/', () => {
    const index = readFileSync(join(ROOT, 'docs', 'index.md'), 'utf8')
    const pages = handWritten().filter((f) => f.startsWith('docs/'))
    expect(pages).to.include.members(['docs/usage.md', 'docs/plugins.md'])
    for (const page of pages) expect(index, page).to.include(`](${page.slice('docs/'.length)})`)
  })
})

describe('the README and the hand-written docs', function () {
  this.timeout(60_000)

  it('the README starts with the two commands a newcomer runs on a fresh clone, and they work', async () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const first = /^```sh\n([^]*?)^```$/m.exec(readme)
    expect(first?.[1]).to.equal(
      'npm ci && ./bin/run.js invoices create --client-id VolejRejNm ' +
        '--line-item product_key=WIDGET,quantity=2,cost=10 --dry-run\nnpm test\n',
    )
    const dry = await runCli([
      'invoices',
      'create',
      '--client-id',
      'VolejRejNm',
      '--line-item',
      'product_key=WIDGET,quantity=2,cost=10',
      '--dry-run',
    ])
    expect(dry.code, dry.stderr).to.equal(0)
    expect(dry.stdout).to.match(/^POST https:\/\/invoicing\.example\/api\/v1\/invoices\n/)
  })

  it('the README is short (at most 250 lines), carries no generated command list, and links the reference', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    expect(readme.split('\n').length).to.be.at.most(251)
    expect(readme).not.to.include('<!-- commands -->')
    expect(readme).to.include('](docs/index.md)')
  })

  it('their relative links reach files that exist, and headings that exist in the hand-written pages', async () => {
    const oclifRequire = createRequire(join(ROOT, 'node_modules', 'oclif', 'package.json'))
    const {default: GithubSlugger} = (await import(oclifRequire.resolve('github-slugger'))) as {
      default: new () => {slug(text: string): string}
    }
    const anchorsOf = (file: string): string[] => {
      const slugger = new GithubSlugger()
      let inCode = false
      const anchors: string[] = []
      for (const line of readFileSync(join(ROOT, file), 'utf8').split('\n')) {
        if (line.startsWith('```')) inCode = !inCode
        else if (!inCode && /^#{1,6} /.test(line)) anchors.push(slugger.slug(line.replace(/^#+ /, '')))
      }
      return anchors
    }
    const hand = new Set(handWritten())
    const broken: string[] = []
    let count = 0
    for (const page of hand) {
      const text = readFileSync(join(ROOT, page), 'utf8').replaceAll(/^```[^]*?^```$/gm, '')
      for (const [link, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue
        count++
        const [path, anchor] = target.split('#')
        const file = path === '' ? page : relative(ROOT, join(ROOT, dirname(page), path))
        if (!existsSync(join(ROOT, file))) broken.push(`${page}: ${link} (no such file)`)
        else if (anchor !== undefined && hand.has(file) && !anchorsOf(file).includes(anchor))
          broken.push(`${page}: ${link} (no such heading)`)
        else if (anchor !== undefined && !file.endsWith('.md'))
          broken.push(`${page}: ${link} (an anchor in a file that is not a page)`)
      }
    }
    expect(count).to.be.greaterThan(40)
    expect(broken).to.deep.equal([])
  })

  it('the source files they name exist', () => {
    const files: string[] = []
    const walk = (dir: string): void => {
      for (const name of readdirSync(join(ROOT, dir))) {
        if (['node_modules', 'dist', '.git'].includes(name)) continue
        const path = dir ? `${dir}/${name}` : name
        if (statSync(join(ROOT, path)).isDirectory()) walk(path)
        else files.push(path)
      }
    }
    walk('')
    const missing: string[] = []
    let count = 0
    for (const page of handWritten()) {
      const text = readFileSync(join(ROOT, page), 'utf8')
      // A path or name of a TypeScript file, in prose or in a diagram (globs such as families/*.ts aside).
      for (const [, name] of text.matchAll(/(?<![\w./*<-])([\w.-]+(?:\/[\w.-]+)*\.ts)(?![\w*])/g)) {
        count++
        if (!files.some((f) => f === name || f.endsWith(`/${name}`))) missing.push(`${page}: ${name}`)
      }
    }
    expect(count).to.be.greaterThan(80)
    expect(missing).to.deep.equal([])
  })
})
