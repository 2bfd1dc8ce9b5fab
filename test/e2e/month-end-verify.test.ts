/** `cli backup verify`: a whole backup passes sending nothing; a flipped byte and a missing file are named, exit 5. */
import {readFileSync, unlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import {runCli} from '../support/cli.js'
import {BACKED_UP, useBackup} from './month-end-backup-suite.js'

describe('cli backup', function () {
  this.timeout(60_000)
  const {suite, at, backup} = useBackup()

  describe('backup verify', () => {
    const verify = () => runCli(['backup', 'verify', '--dir', at.dir], {env: suite.env})

    it('passes a whole backup, sending nothing', async () => {
      expect((await backup('--documents')).code).to.equal(0)
      suite.up.requests.length = 0
      const r = await verify()
      expect(r.code, r.stderr).to.equal(0)
      expect(r.stdout).to.equal(`${at.dir}: ${BACKED_UP.length + 1} files match manifest.json\n`)
      expect(suite.up.requests).to.deep.equal([])
    })

    it('names a flipped byte and a missing file, and exits 5', async () => {
      expect((await backup('--documents')).code).to.equal(0)
      const clients = join(at.dir, 'clients.ndjson')
      const data = readFileSync(clients)
      data[5] ^= 1
      writeFileSync(clients, data)
      unlinkSync(join(at.dir, 'documents', 'DocOne0001', 'receipt.png'))
      suite.up.requests.length = 0
      const r = await verify()
      expect(r.code).to.equal(5)
      expect(r.stdout).to.equal('')
      expect(r.stderr).to.equal(
        'Error: clients.ndjson: its SHA-256 is not the one manifest.json records\n' +
          'Error: documents/DocOne0001/receipt.png: missing\n' +
          `Error: the backup in ${at.dir} is damaged: 2 of ${BACKED_UP.length + 1} files missing or changed (named ` +
          `above); run cli backup --dir ${at.dir} again to repair it\n`,
      )
      expect(suite.up.requests).to.deep.equal([])
    })

    it('a folder without a manifest is a usage error', async () => {
      const r = await verify()
      expect(r.code).to.equal(2)
      expect(r.stderr).to.match(/holds no manifest\.json: not a backup folder/)
    })
  })
})
