/**
 * The command classes the fast path runs (the core's, the CLI's own in src/commands and the runners plugin's)
 * use only the part of @oclif/core that it stands in for (src/fast/oclif-lite.ts), as docs/plugins.md says:
 * a name or member beyond it fails here first.
 */
import {readdirSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'

import {expect} from 'chai'

import * as lite from '../src/fast/oclif-lite.js'
import {ROOT} from './support/cli.js'

const SOURCES = [
  join(ROOT, 'packages', 'core', 'src'),
  join(ROOT, 'src', 'commands'),
  join(ROOT, 'plugins', 'runners', 'src'),
]
const sources = (dir: string): string[] =>
  readdirSync(dir, {withFileTypes: true}).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  )

/** The subset docs/plugins.md names: what the core may import from @oclif/core, and what it reads of `this.config`. */
const IMPORTS = ['Args', 'Command', 'Errors', 'Flags']
const CONFIG = ['bin', 'cacheDir', 'configDir', 'version']

describe('the oclif subset of the core', () => {
  const files = SOURCES.flatMap(sources).map((file) => ({file: relative(ROOT, file), text: readFileSync(file, 'utf8')}))

  it('imports only Args, Command, Errors and Flags from @oclif/core, each of which the fast path provides', () => {
    const used = new Set<string>()
    for (const {file, text} of files) {
      for (const m of text.matchAll(/import (?:type )?\{([^}]*)\} from '@oclif\/core'/g)) {
        for (const name of m[1].split(',').map((n) => n.trim().replace(/^type /, ''))) {
          expect(IMPORTS, `${file} imports ${name}`).to.include(name)
          used.add(name)
        }
      }
      expect(text, file).not.to.match(/import \* as \w+ from '@oclif\/core'|from '@oclif\/core\//)
    }
    for (const name of IMPORTS) expect(lite, name).to.have.property(name)
    expect(Object.keys(lite.Flags).sort()).to.deep.equal(['boolean', 'integer', 'string'])
    expect(Object.keys(lite.Args)).to.deep.equal(['string'])
    expect([...used].sort()).to.deep.equal(IMPORTS)
  })

  it('reads only bin, cacheDir, configDir and version of the config, which the fast path gives', () => {
    const read = new Set(files.flatMap(({text}) => [...text.matchAll(/this\.config\.(\w+)/g)].map((m) => m[1])))
    expect([...read].sort()).to.deep.equal(CONFIG)
    const config: lite.LiteConfig = {bin: 'cli', cacheDir: '/', configDir: '/', version: '0'}
    expect(Object.keys(config).sort()).to.deep.equal(CONFIG)
  })

  it('docs/plugins.md names the same subset', () => {
    const text = readFileSync(join(ROOT, 'docs', 'plugins.md'), 'utf8')
    const section = text.slice(text.indexOf('## The oclif subset'))
    for (const name of [...IMPORTS, ...CONFIG.map((c) => `config.${c}`)]) expect(section, name).to.include(`\`${name}`)
  })
})
