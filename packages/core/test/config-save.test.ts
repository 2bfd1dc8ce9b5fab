/** The config file's lock and save: safe when several take over a stale lock at once, nothing left behind. */
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs'
import {readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {setTimeout as sleep} from 'node:timers/promises'

import {expect} from 'chai'

import {withFileLock} from '../src/config/config-lock.js'
import {loadConfig, saveConfig} from '../src/config/config.js'

/** The folders made, removed after the tests. */
const made: string[] = []
const folder = () => {
  made.push(mkdtempSync(join(tmpdir(), 'cli-config-')))
  return join(made.at(-1)!, 'cfg')
}

describe('config: lock and save', () => {
  after(() => {
    for (const dir of made.splice(0)) rmSync(dir, {recursive: true, force: true})
  })

  it('many writers finding a stale lock at once: one holder at a time, every change kept (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const dir = folder()
      mkdirSync(dir, {recursive: true, mode: 0o700})
      const path = join(dir, 'config.json')
      const counter = join(dir, 'counter')
      writeFileSync(counter, '0')
      writeFileSync(`${path}.lock`, '99999\n')
      const old = new Date(Date.now() - 60_000)
      utimesSync(`${path}.lock`, old, old)
      let holders = 0
      let most = 0
      const write = async () => {
        most = Math.max(most, ++holders)
        const n = Number(await readFile(counter, 'utf8'))
        await sleep(2)
        await writeFile(counter, String(n + 1))
        holders--
      }
      // Starts spread over a few milliseconds: one finds the lock stale while another has just taken it over.
      await Promise.all(Array.from({length: 12}, (_, i) => sleep(i % 4).then(() => withFileLock(path, dir, write))))
      expect([round, most, readFileSync(counter, 'utf8')]).to.deep.equal([round, 1, '12'])
      expect(readdirSync(dir).sort()).to.deep.equal(['counter'])
    }
  })

  it('keeps keys it does not know; a link planted at the old temporary name is not followed', async () => {
    const dir = folder()
    mkdirSync(dir, {recursive: true, mode: 0o700})
    const victim = join(dir, '..', 'victim')
    writeFileSync(victim, 'untouched')
    symlinkSync(victim, join(dir, `config.json.${process.pid}.tmp`))
    writeFileSync(join(dir, 'config.json'), JSON.stringify({active: 'a', profiles: {}, future: {x: [1]}}))
    const config = await loadConfig(dir)
    config.profiles.a = {base_url: 'http://127.0.0.1:1'}
    await saveConfig(dir, config)
    expect(JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8'))).to.deep.equal({
      active: 'a',
      profiles: {a: {base_url: 'http://127.0.0.1:1'}},
      future: {x: [1]},
    })
    expect(readFileSync(victim, 'utf8')).to.equal('untouched')
  })

  it('a save that fails (the rename): exit 2, the temporary file removed', async () => {
    const dir = folder()
    mkdirSync(join(dir, 'config.json', 'in-the-way'), {recursive: true})
    const error = await saveConfig(dir, {profiles: {}}).catch((e: unknown) => e)
    expect((error as {exitCode?: number}).exitCode).to.equal(2)
    expect(readdirSync(dir)).to.deep.equal(['config.json'])
  })
})
