/**
 * The docs site (`npm run docs:site`, scripts/site/): built into a temporary folder, then checked as files (a page
 * per command with its title and usage, llms.txt, the index, every internal link resolving) and in headless Chromium
 * served from 127.0.0.1 (each topic's command pages show their usage, the sidebar groups the topics as root help
 * does, search finds commands, flags and guide sections, nothing overflows a phone's width). The commands expected
 * are those of the committed Markdown reference, docs/commands/ (held to --help by test/docs.test.ts). Chromium is
 * Debian's, installed when missing.
 */
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, posix} from 'node:path'

import {expect} from 'chai'
import type {Browser, Page} from 'puppeteer-core'

import {ensureChromium, CHROMIUM_FLAGS} from './support/chromium.js'
import {ROOT, runCli, runProcess} from './support/cli.js'
import {fileOf, serveFolder} from './support/static-server.js'

/**
 * Where the screenshots go: the index and `invoices`, at a desktop's width and a phone's. DOCS_SITE_SCREENSHOTS=DIR
 * keeps them there to look at; else they go with the run's temporary folder (test/support/tmp-root.ts).
 */
const KEEP_SHOTS = process.env.DOCS_SITE_SCREENSHOTS
const SHOTS = KEEP_SHOTS ?? join(tmpdir(), 'invoicing-cli-docs-site-screenshots')

/** Each command of the Markdown reference: its words (`invoices create`) and its page on the site. */
const REFERENCE = readdirSync(join(ROOT, 'docs', 'commands')).flatMap((file) =>
  [...readFileSync(join(ROOT, 'docs', 'commands', file), 'utf8').matchAll(/^## `cli ([^`]*)`$/gm)].map(([, usage]) => {
    // oclif writes some ids with their colon (`plugins:inspect PLUGIN...`).
    const words = usage.split(/[ :]/).filter((w) => /^[a-z][a-z0-9-]*$/.test(w))
    const [topic, ...rest] = words
    const page = rest.length === 0 ? `/commands/${topic}.html` : `/commands/${topic}/${rest.join('/')}.html`
    return {words: words.join(' '), topic, page, section: usage}
  }),
)
const TOPICS = readdirSync(join(ROOT, 'docs', 'commands')).map((f) => f.replace(/\.md$/, ''))

/** Every file of a folder, as paths relative to it. */
const filesUnder = (dir: string, at = ''): string[] =>
  readdirSync(join(dir, at), {withFileTypes: true}).flatMap((e) =>
    e.isDirectory() ? filesUnder(dir, posix.join(at, e.name)) : [posix.join(at, e.name)],
  )

describe('the docs site', function () {
  this.timeout(15 * 60_000)
  const dir = mkdtempSync(join(tmpdir(), 'docs-site-'))
  const site = join(dir, 'site')

  before(async () => {
    const scratch = join(dir, 'src')
    const r = await runProcess(process.execPath, ['scripts/site/build.js', '--out', site, '--scratch', scratch])
    expect(r.code, r.stderr).to.equal(0)
    expect(r.stderr).to.match(/docs:site: built /)
  })
  after(() => rmSync(dir, {recursive: true, force: true}))

  it('has a page for every command of the reference, and llms.txt and llms-full.txt list each', () => {
    expect(REFERENCE.length).to.be.greaterThan(300)
    const missing = REFERENCE.filter((c) => !existsSync(join(site, c.page))).map((c) => c.page)
    expect(missing).to.deep.equal([])
    const llms = readFileSync(join(site, 'llms.txt'), 'utf8')
    const full = readFileSync(join(site, 'llms-full.txt'), 'utf8')
    expect(llms).to.match(/^# invoicing-cli\n\n> `cli` is a command-line client/)
    for (const c of REFERENCE) {
      expect(llms, c.words).to.include(`- [cli ${c.words}](${c.page}): `)
      expect(full, c.words).to.match(new RegExp(`^## cli ${c.words} \\(\\w+\\)\\n\\nUSAGE\\n  \\$ cli ${c.words}`, 'm'))
    }
    const create = readFileSync(join(site, 'commands/invoices/create.html'), 'utf8')
    for (const part of ['id="usage"', 'id="payload-flags"', '--client-id=&lt;value&gt;', 'id="global-flags"'])
      expect(create, part).to.include(part)
    expect(create).to.include('POST /api/v1/invoices')
    expect(create).to.match(/<td>3<\/td><td>refused by the guardrail/)
  })

  it('every command page holds its title and, under Usage, the usage line', () => {
    const text = (html: string) =>
      html
        .replaceAll(/<[^>]*>/g, '')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&quot;', '"')
        .replaceAll('&amp;', '&')
    const wrong = REFERENCE.filter((c) => {
      const html = readFileSync(join(site, c.page), 'utf8')
      const title = text(/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? '')
      const usage = text(/<h2 id="usage"[^>]*>.*?<\/h2><div[^>]*>.*?<pre[^>]*>(.*?)<\/pre>/s.exec(html)?.[1] ?? '')
      return !title.startsWith(`cli ${c.words}`) || !usage.startsWith(`$ cli ${c.words}`)
    }).map((c) => c.page)
    expect(wrong.slice(0, 20)).to.deep.equal([])
  })

  it("its index says what the CLI is, the README's first two commands, links the everyday tasks and each guide once", () => {
    const index = readFileSync(join(dir, 'src', 'src', 'index.md'), 'utf8')
    expect(index).to.include('`cli` is a command-line client for the [Invoice Ninja]')
    expect(index).to.include('```sh\nnpm ci && ./bin/run.js invoices create --client-id VolejRejNm')
    expect(index).to.include('- what is unpaid, the oldest due date first: [`cli invoices list')
    expect(index).to.include('](/commands/payments/refund)')
    const guides = [...index.matchAll(/^- \[[^\]]+\]\(([a-z-]+\.md)\)$/gm)].map(([, file]) => file)
    expect(guides).to.include.members(['usage.md', 'month-end.md', 'setup.md', 'plugins.md'])
    expect(new Set(guides).size).to.equal(guides.length)
    const docsIndex = readFileSync(join(ROOT, 'docs', 'index.md'), 'utf8')
    const listed = [...docsIndex.matchAll(/^- \[[^\]]+\]\(([a-z-]+\.md)\)$/gm)].map(([, file]) => file)
    expect(new Set(listed).size, 'docs/index.md lists each guide once').to.equal(listed.length)
  })

  it('every internal link resolves: to a file of the site, and to a heading that is there', () => {
    const pages = filesUnder(site).filter((f) => f.endsWith('.html'))
    const broken: string[] = []
    let count = 0
    for (const page of pages) {
      const html = readFileSync(join(site, page), 'utf8')
      for (const [, href] of html.matchAll(/\bhref="([^"]*)"/g)) {
        if (/^[a-z]+:/.test(href)) continue
        count++
        const target = new URL(href.replaceAll('&amp;', '&'), `http://site/${page}`)
        const file = fileOf(site, target.pathname)
        const anchor = decodeURIComponent(target.hash.slice(1))
        if (!file) broken.push(`${page}: ${href} (no such file)`)
        else if (anchor && file.endsWith('.html') && !readFileSync(file, 'utf8').includes(`id="${anchor}"`))
          broken.push(`${page}: ${href} (no such heading)`)
      }
    }
    expect(count).to.be.greaterThan(10 * pages.length)
    expect(broken.slice(0, 20)).to.deep.equal([])
  })

  describe('in Chromium', function () {
    let browser: Browser
    let url: string
    let stop: () => void
    const failed: string[] = []

    before(async function () {
      const chromium = await ensureChromium()
      if ('reason' in chromium) {
        console.log(`docs site: the browser checks did not run: ${chromium.reason} (the link check did)`)
        this.skip()
      }
      const served = await serveFolder(site)
      url = served.url
      stop = () => served.server.close()
      const {default: puppeteer} = await import('puppeteer-core')
      browser = await puppeteer.launch({
        executablePath: chromium.path,
        headless: true,
        args: CHROMIUM_FLAGS,
        userDataDir: join(dir, 'chromium-profile'),
      })
    })
    after(async () => {
      await browser?.close()
      stop?.()
    })

    /** A page at `path`, its failed requests and script errors recorded in `failed`. */
    async function open(path: string, width = 1280, height = 900): Promise<Page> {
      const page = await browser.newPage()
      page.on('pageerror', (e) => failed.push(`${path}: ${(e as Error).message}`))
      page.on('requestfailed', (r) => failed.push(`${path}: ${r.url()} failed`))
      page.on('response', (r) => r.status() >= 400 && failed.push(`${path}: ${r.url()} answered ${r.status()}`))
      await page.setViewport({width, height})
      await page.goto(url + path, {waitUntil: 'load'})
      return page
    }

    it("every command page shows its title and its usage block (a topic's first command in Chromium)", async () => {
      // Every page is held to its title and usage as files (above); here each topic's first command page is rendered,
      // without its scripts (the other tests run them): the pages of a topic share one layout.
      const wrong: string[] = []
      const queue = TOPICS.map((t) => REFERENCE.find((c) => c.topic === t)).filter((c) => c !== undefined)
      expect(queue.length).to.equal(TOPICS.length)
      const worker = async (): Promise<void> => {
        const page = await browser.newPage()
        await page.setJavaScriptEnabled(false)
        for (let c = queue.shift(); c; c = queue.shift()) {
          await page.goto(url + c.page, {waitUntil: 'domcontentloaded'})
          const shown = await page.evaluate(() => {
            const usage = document.querySelector<HTMLElement>('.vp-doc h2#usage + div pre')
            return {
              title: document.querySelector('.vp-doc h1')?.textContent ?? '',
              usage: usage?.textContent ?? '',
              height: usage?.getBoundingClientRect().height ?? 0,
            }
          })
          if (!shown.title.startsWith(`cli ${c.words}`) || !shown.usage.startsWith(`$ cli ${c.words}`) || !shown.height)
            wrong.push(`${c.page}: ${JSON.stringify(shown).slice(0, 160)}`)
        }
        await page.close()
      }
      await Promise.all([worker(), worker(), worker()])
      expect(wrong.slice(0, 20)).to.deep.equal([])
    })

    it("the sidebar lists every topic, in root help's groups, and a topic's commands on its pages", async () => {
      const help = await runCli(['--help'])
      const groups = [...help.stdout.matchAll(/^ {2}([a-z]+) +([a-z, -]+)$/gm)].map(([, group, topics]) => ({
        group,
        topics: topics.split(', ').map((t) => `cli ${t}`),
      }))
      expect(groups.map((g) => g.group)).to.include.members(['documents', 'money', 'tools'])
      const page = await open('/commands/invoices/create.html')
      const sidebar = await page.$$eval('.VPSidebar .VPSidebarItem.level-0', (items) =>
        items.map((item) => ({
          group: item.querySelector('.item .text')?.textContent?.trim(),
          topics: [...item.querySelectorAll(':scope > .items > .VPSidebarItem.level-1 > .item .text')].map((t) =>
            t.textContent?.trim(),
          ),
          commands: [...item.querySelectorAll('.VPSidebarItem.level-2 .text')].map((t) => t.textContent?.trim()),
        })),
      )
      expect(sidebar.slice(1).map(({group, topics}) => ({group, topics}))).to.deep.equal(groups)
      expect(groups.flatMap((g) => g.topics).sort()).to.deep.equal(TOPICS.map((t) => `cli ${t}`).sort())
      const commands = sidebar.find((g) => g.group === 'documents')?.commands
      expect(commands).to.include.members(['invoices create', 'invoices list', 'invoices email'])
      expect(await page.$eval('.VPSidebar', (el) => el.getBoundingClientRect().width)).to.be.greaterThan(200)
      await page.close()
    })

    /** What the site's search (VitePress's local search: the search button, its input, its results) answers. */
    async function search(query: string): Promise<{href: string; label: string}[]> {
      const page = await open('/')
      await page.click('.DocSearch-Button')
      await page.waitForSelector('#localsearch-input')
      await page.type('#localsearch-input', query)
      await page.waitForSelector('.results a.result')
      await page.waitForFunction(
        (q) => document.querySelector<HTMLInputElement>('#localsearch-input')?.value === q,
        {},
        query,
      )
      // The results follow the input after a debounce: wait until they stop changing.
      let before = ''
      for (let now = 'x'; now !== before; await new Promise((r) => setTimeout(r, 300))) {
        before = now
        now = await page.$$eval('.results a.result', (as) => as.map((a) => a.getAttribute('href')).join())
      }
      const results = await page.$$eval('.results a.result', (as) =>
        as.map((a) => ({href: a.getAttribute('href') ?? '', label: a.getAttribute('aria-label') ?? ''})),
      )
      await page.close()
      return results
    }

    it('search finds a command (reconcile), a flag (--client-id) and a guide section (payloads)', async () => {
      const reconcile = await search('reconcile')
      expect(reconcile.slice(0, 3).map((r) => r.href)).to.include('/commands/reconcile.html#cli-reconcile')
      expect(reconcile.map((r) => r.href)).to.include('/month-end.html#reconcile-the-bank-cli-reconcile')

      // The sections of the flag's own heading come first, each on the page of a command whose --help lists it.
      const flag = await search('--client-id')
      const sections = flag.slice(0, 8).filter((r) => r.label.endsWith('> --client-id=&lt;value&gt;'))
      expect(flag[0]).to.equal(sections[0])
      expect(sections.length).to.be.at.least(5)
      for (const r of sections) {
        const command = REFERENCE.find((c) => r.href.startsWith(`${c.page}#`))
        expect(command, r.href).not.to.equal(undefined)
        const page = readFileSync(join(ROOT, 'docs', 'commands', `${command!.topic}.md`), 'utf8')
        const help = page.slice(page.indexOf(`## \`cli ${command!.section}\``)).split('\n## ')[0]
        expect(help, r.href).to.include('--client-id=<value>')
      }

      const guide = await search('payloads')
      expect(guide[0].href).to.equal('/usage.html#payloads')
    })

    it('screenshots the index and invoices, at a desktop and a phone width, and no page overflows a phone', async () => {
      mkdirSync(SHOTS, {recursive: true})
      for (const [name, path] of [
        ['index', '/'],
        ['invoices', '/commands/invoices.html'],
        ['invoices-create', '/commands/invoices/create.html'],
      ]) {
        for (const [suffix, width, height] of [
          ['', 1280, 900],
          ['-phone', 390, 844],
        ] as const) {
          const page = await open(path, width, height)
          const file = join(SHOTS, `${name}${suffix}.png`)
          await page.screenshot({path: file as `${string}.png`, fullPage: suffix === ''})
          expect(readFileSync(file).subarray(1, 4).toString()).to.equal('PNG')
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
          expect(overflow, `${path} at ${width}px`).to.be.at.most(0)
          await page.close()
        }
      }
      if (KEEP_SHOTS) console.log(`docs site: screenshots in ${SHOTS}`)
      expect(failed).to.deep.equal([])
    })
  })
})
