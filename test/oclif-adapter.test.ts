/**
 * The oclif internals this CLI relies on (src/oclif-adapter.ts), checked against the installed
 * oclif packages: when an upgrade changes one of them, a test here fails instead of a feature
 * silently breaking. package.json pins the oclif packages to the minor versions tested here.
 */
import {existsSync, readFileSync} from 'node:fs'

import {Config} from '@oclif/core'
import {expect} from 'chai'

import {
  autocompleteTitle,
  bashCompleterName,
  commandTable,
  completionScriptPath,
  INSTRUCTIONS_METHOD,
  lendFlagOptions,
  readmeGenerator,
} from '../src/oclif-adapter.js'
import {makeHome, ROOT, runCli} from './support/cli.js'

describe('oclif adapter: the internals the CLI relies on still have their shape', () => {
  let config: Config
  before(async () => {
    config = await Config.load({root: ROOT, devPlugins: false, userPlugins: false})
  })

  it('Config keeps its command table as a Map of id → command (the runner swap replaces entries in it)', () => {
    const table = commandTable(config)
    expect(table).to.be.instanceOf(Map)
    expect(table!.get('invoices:list')?.id).to.equal('invoices:list')
    expect(table!.get('search:run')).to.include({pluginName: '@invoicing-cli/plugin-runners', pluginType: 'core'})
  })

  it("a cached flag takes lent options (plugin-autocomplete's zsh script completes them)", () => {
    const command = config.findCommand('invoices:bulk')!
    expect(command.flags.action).to.include({type: 'option'})
    expect((command.flags.action as {options?: string[]}).options).to.equal(undefined)
    lendFlagOptions(command, 'action', ['archive', 'restore'])
    expect((command.flags.action as {options?: string[]}).options).to.deep.equal(['archive', 'restore'])
  })

  it('the autocomplete command prints its instructions through the method the title fix wraps', async () => {
    const Autocomplete = (await config.findCommand('autocomplete')!.load()) as unknown as {
      prototype: Record<string, unknown>
    }
    expect(Autocomplete.prototype[INSTRUCTIONS_METHOD]).to.be.a('function')
    const source = readFileSync(
      `${ROOT}/node_modules/@oclif/plugin-autocomplete/lib/commands/autocomplete/index.js`,
      'utf8',
    )
    expect(source).to.include('CLI Autocomplete')
    expect(autocompleteTitle('cli')).to.equal('CLI CLI Autocomplete')
  })

  it('plugin-autocomplete writes its scripts where the CLI appends to them, defining the bash completer it hands over to', async () => {
    const home = makeHome()
    try {
      const r = await runCli(['autocomplete', '--refresh-cache'], {home: home.home})
      expect(r.code, r.stderr).to.equal(0)
      const cacheConfig = {...config, cacheDir: `${home.home}/.cache/invoicing-cli`, bin: 'cli'} as unknown as Config
      for (const shell of ['bash', 'powershell'] as const)
        expect(existsSync(completionScriptPath(cacheConfig, shell)), shell).to.equal(true)
      expect(readFileSync(completionScriptPath(cacheConfig, 'bash'), 'utf8')).to.include(
        `${bashCompleterName('cli')}()`,
      )
    } finally {
      home.cleanup()
    }
  })

  it("oclif's readme generator loads and generates (scripts/docs.js)", async () => {
    const Generator = await readmeGenerator(ROOT)
    expect(Generator.prototype.generate).to.be.a('function')
  })
})
