/** resolveSettings: where the base URL and token come from, and when a saved profile is really replaced. */
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {resolveSettings} from '../src/config/config.js'

describe('resolveSettings: a replaced profile', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cli-settings-'))
    const config = {active: 'work', profiles: {work: {base_url: 'http://127.0.0.1:8080', token: 'saved-token'}}}
    writeFileSync(join(dir, 'config.json'), JSON.stringify(config), {mode: 0o600})
  })
  afterEach(() => rmSync(dir, {recursive: true, force: true}))

  it('the same server spelled with a trailing slash or /api/v1 replaces nothing, and keeps the profile token', async () => {
    for (const flagBaseUrl of ['http://127.0.0.1:8080/', 'http://127.0.0.1:8080/api/v1']) {
      const s = await resolveSettings({configDir: dir, flagBaseUrl, env: {}})
      expect([s.overridden, s.tokenSource], flagBaseUrl).to.deep.equal([[], 'profile'])
    }
  })

  it('another server replaces the saved base URL (said as a warning) and gets no saved token', async () => {
    const s = await resolveSettings({configDir: dir, flagBaseUrl: 'http://127.0.0.1:9090', env: {}})
    expect(s.overridden).to.deep.equal([{what: 'base URL', by: '--base-url'}])
    expect(s.token).to.equal(undefined)
  })
})
