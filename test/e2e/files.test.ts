/**
 * Files: downloads into a folder (named by Content-Disposition,
 * sanitised), overwrite rules, upload limits and streaming.
 */
import {
  existsSync,
  mkdtempSync,
  openSync,
  closeSync,
  ftruncateSync,
  readdirSync,
  readFileSync,
  writeFileSync,
  mkdirSync,
} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {pathToFileURL} from 'node:url'

import {expect} from 'chai'

import {ROOT, runCli} from '../support/cli.js'
import {fakePdf} from '../support/upstream.js'
import {useUpstream} from '../support/upstream-suite.js'

/** A sparse file: its size on paper, no bytes on disk. */
function sparseFile(path: string, size: number): string {
  const fd = openSync(path, 'w')
  ftruncateSync(fd, size)
  closeSync(fd)
  return path
}

const UPLOAD_MAX = 100 * 1024 * 1024

describe('files', () => {
  const suite = useUpstream()
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cli-files-'))
  })

  describe('--output-file naming a folder', () => {
    it('download: the file is named by Content-Disposition', async () => {
      const r = await runCli(['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', dir], {
        env: suite.env,
      })
      expect(r.code).to.equal(0)
      expect(r.stderr).to.equal(`saved ${join(dir, 'Quote_0001.pdf')}\n`)
      expect(readdirSync(dir)).to.deep.equal(['Quote_0001.pdf'])
      expect(readFileSync(join(dir, 'Quote_0001.pdf')).equals(fakePdf('quokey0001acmeQ7fK2mW9xR4tB8nL3p'))).to.equal(
        true,
      )
    })

    it('a hostile file name stays inside the folder, without separators or leading dots', async () => {
      const inner = join(dir, 'inner')
      mkdirSync(inner)
      suite.up.fault({
        kind: 'raw',
        status: 200,
        contentType: 'application/pdf',
        body: '%PDF-1.4 x',
        headers: {'Content-Disposition': 'attachment; filename="../../etc/passwd"'},
      })
      const r = await runCli(['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', inner], {
        env: suite.env,
      })
      expect(r.code).to.equal(0)
      expect(readdirSync(dir)).to.deep.equal(['inner'])
      expect(readdirSync(inner)).to.deep.equal(['_.._etc_passwd'])
      suite.up.fault({
        kind: 'raw',
        status: 200,
        contentType: 'application/pdf',
        body: '%PDF-1.4 x',
        headers: {'Content-Disposition': 'attachment; filename=".."'},
      })
      const dots = await runCli(['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', inner], {
        env: suite.env,
      })
      expect(dots.code).to.equal(0)
      expect(readdirSync(inner).sort()).to.deep.equal(['_.._etc_passwd', 'download.pdf'])
    })

    it('no Content-Disposition: download.pdf', async () => {
      suite.up.fault({kind: 'raw', status: 200, contentType: 'application/pdf', body: '%PDF-1.4 x'})
      const r = await runCli(['invoices', 'download', 'invkey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', dir], {
        env: suite.env,
      })
      expect(r.code).to.equal(0)
      expect(readdirSync(dir)).to.deep.equal(['download.pdf'])
    })

    it('the named file exists: exit 2 without --force (the file is untouched), replaced with --force', async () => {
      writeFileSync(join(dir, 'Quote_0001.pdf'), 'old')
      const r = await runCli(['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', dir], {
        env: suite.env,
      })
      expect(r.code).to.equal(2)
      expect(r.stderr).to.equal(
        `Error: --output-file ${join(dir, 'Quote_0001.pdf')} exists: pass --force to overwrite it\n`,
      )
      expect(readFileSync(join(dir, 'Quote_0001.pdf'), 'utf8')).to.equal('old')
      expect(readdirSync(dir)).to.deep.equal(['Quote_0001.pdf'])
      const forced = await runCli(
        ['quotes', 'download', 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', '--output-file', dir, '--force'],
        {
          env: suite.env,
        },
      )
      expect(forced.code).to.equal(0)
      expect(readFileSync(join(dir, 'Quote_0001.pdf')).equals(fakePdf('quokey0001acmeQ7fK2mW9xR4tB8nL3p'))).to.equal(
        true,
      )
    })

    it('action --action download: the PDF answer goes into the folder the same way', async () => {
      const r = await runCli(
        ['quotes', 'action', 'Xy9kqR2mLb', '--action', 'download', '--output-file', dir, '--yes'],
        {env: suite.env},
      )
      expect(r.code).to.equal(0)
      expect(readdirSync(dir)).to.deep.equal(['Quote_0001.pdf'])
    })
  })

  describe('uploads', () => {
    it('a file over the upstream limit (about 100 MB) is refused before sending: exit 2', async () => {
      const big = sparseFile(join(dir, 'big.pdf'), UPLOAD_MAX + 1)
      const r = await runCli(['invoices', 'upload', 'WJxbojagwO', '--file', big, '--yes'], {env: suite.env})
      expect(r.code).to.equal(2)
      expect(r.stderr).to.equal(
        `Error: --file ${big} is ${UPLOAD_MAX + 1} bytes: the upstream takes files up to about 100 MB ` +
          `(${UPLOAD_MAX} bytes)\n`,
      )
      expect(suite.up.requests).to.deep.equal([])
    })

    it('a file at the limit is accepted (dry run: sizes only, nothing read)', async () => {
      const big = sparseFile(join(dir, 'big.pdf'), UPLOAD_MAX)
      const r = await runCli(['invoices', 'upload', 'WJxbojagwO', '--file', big, '--dry-run', '--output', 'json'], {
        env: suite.env,
      })
      expect(r.code).to.equal(0)
      expect(JSON.parse(r.stdout).request.body.multipart[1]).to.deep.equal({
        name: 'documents[]',
        filename: 'big.pdf',
        size: UPLOAD_MAX,
      })
    })

    it('a folder, or a file that vanished, is refused: exit 2', async () => {
      const folder = await runCli(['invoices', 'upload', 'WJxbojagwO', '--file', dir, '--yes'], {env: suite.env})
      expect(folder.code).to.equal(2)
      expect(folder.stderr).to.equal(`Error: --file ${dir} is not a regular file\n`)
      expect(suite.up.requests).to.deep.equal([])
    })

    it('the body is streamed from disk: 90 MB uploaded while the CLI grows by far less', async function () {
      this.timeout(30_000)
      const size = 90 * 1024 * 1024
      const file = sparseFile(join(dir, 'scan.pdf'), size)
      const rss = join(dir, 'rss')
      const probe = pathToFileURL(join(ROOT, 'test', 'fixtures', 'rss-probe.mjs')).href
      const withProbe = {...suite.env, NODE_OPTIONS: `--import=${probe}`, RSS_PROBE_FILE: rss}
      const baseline = await runCli(['clients', 'list'], {env: withProbe})
      expect(baseline.code, baseline.stderr).to.equal(0)
      const idle = Number(readFileSync(rss, 'utf8'))
      const r = await runCli(['invoices', 'upload', 'WJxbojagwO', '--file', file, '--yes', '--output', 'json'], {
        env: withProbe,
      })
      expect(r.code, r.stderr).to.equal(0)
      expect(JSON.parse(r.stdout).data.documents[0]).to.include({name: 'scan.pdf', size})
      const peak = Number(readFileSync(rss, 'utf8'))
      // Reading the file whole would add at least its 90 MB; streaming costs a constant few tens of MB (got, buffers).
      expect(peak - idle, `peak ${peak} kB, idle ${idle} kB`).to.be.lessThan((size / 1024) * (2 / 3))
      expect(existsSync(file)).to.equal(true)
    })
  })
})
