/**
 * What the fast path evaluates of its bundles: a dry run or a show runs from dist/fast-path-resources.cjs, which
 * holds none of the modules of the CLI's other commands (apply, history, undo, mcp, profile policy, auth, the
 * month-end ones...); those run from dist/fast-path.cjs, where src/commands.ts loads each only when it is read. Neither
 * makes the entries of the families a run does not name (each entry is made when its family is first read). A bundle
 * is one file, so a module's evaluation is seen in V8's coverage of it (NODE_V8_COVERAGE): each command class's code
 * lies in its module's init function (esbuild's lazy wrapper), which a run that never evaluates the module never
 * calls, and each family's entry in its maker; evaluated at the bundle's top level, it would count as run.
 */
import {mkdtempSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {Module} from 'node:module'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {FAMILIES, family} from '../../packages/core/src/registry/registry.js'
import {resourceCommands} from '../../packages/core/src/commands/resource/commands.js'
import {ROOT, runCli} from '../support/cli.js'
import {useUpstream} from '../support/upstream-suite.js'

interface Range {
  startOffset: number
  endOffset: number
  count: number
}

type Bundle = 'fast-path.cjs' | 'fast-path-resources.cjs'
// The offsets V8 reports are in the script bin/run.js compiles: the bundle inside the CommonJS wrapper.
const texts = {
  'fast-path.cjs': Module.wrap(readFileSync(join(ROOT, 'dist', 'fast-path.cjs'), 'utf8')),
  'fast-path-resources.cjs': Module.wrap(readFileSync(join(ROOT, 'dist', 'fast-path-resources.cjs'), 'utf8')),
}

/** A place in the bundle where only this text is: its first run of `size` characters that occurs once. */
function onlyPlace(text_: string, size: number, bundle: Bundle = 'fast-path.cjs'): number | undefined {
  const text = texts[bundle]
  for (let i = 0; i + size <= text_.length; i++) {
    const at = text.indexOf(text_.slice(i, i + size))
    if (at >= 0 && at === text.lastIndexOf(text_.slice(i, i + size))) return at
  }
  return undefined
}

/** The CLI's own commands that are not resource commands, each with a place in the full bundle only its class holds. */
function ownCommandMarkers(): Map<string, number> {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'oclif.manifest.json'), 'utf8')) as {
    commands: Record<string, {pluginName?: string; summary?: string; description?: string}>
  }
  const resources = new Set(Object.keys(resourceCommands(FAMILIES)))
  const markers = new Map<string, number>()
  for (const [id, c] of Object.entries(manifest.commands)) {
    // help runs on oclif only (src/help-command.ts): no fast-path bundle holds it.
    if (c.pluginName !== 'invoicing-cli' || resources.has(id) || id === 'help') continue
    const at = onlyPlace(`${c.summary ?? ''}\n${c.description ?? ''}`, 30)
    expect(at, `${id}: no text of its help occurs once in the bundle`).to.not.equal(undefined)
    markers.set(id, at!)
  }
  return markers
}

/** Each family's entry, by a place in the bundle that only its maker holds (its description). */
function familyMarkers(bundle: Bundle): Map<string, number> {
  const markers = new Map<string, number>()
  for (const f of FAMILIES) {
    const at = onlyPlace(JSON.stringify(f.description), Math.min(f.description.length + 2, 24), bundle)
    expect(at, `${f.word}: its description does not occur once in the bundle`).to.not.equal(undefined)
    markers.set(f.word, at!)
  }
  return markers
}

describe('what the fast path evaluates of its bundles', function () {
  this.timeout(60_000)
  const suite = useUpstream()
  const markers = ownCommandMarkers()
  const entries = {lean: familyMarkers('fast-path-resources.cjs'), full: familyMarkers('fast-path.cjs')}

  /**
   * Of the markers, those whose innermost function or block the run called in the bundle it ran from: the classes
   * made, the entries made.
   */
  async function evaluated(args: string[], bundleName: Bundle, of: Map<string, number>): Promise<string[]> {
    const dir = mkdtempSync(join(tmpdir(), 'cli-coverage-'))
    try {
      const r = await runCli(args, {env: {...suite.env, NODE_V8_COVERAGE: dir}})
      expect(r.code, r.stderr).to.equal(0)
      const scripts = readdirSync(dir).flatMap(
        (f) =>
          (
            JSON.parse(readFileSync(join(dir, f), 'utf8')) as {
              result: {url: string; functions: {functionName: string; ranges: Range[]}[]}[]
            }
          ).result,
      )
      const ran = scripts.filter((s) => /\/dist\/fast-path[^/]*\.cjs$/.test(s.url)).map((s) => s.url.split('/').pop())
      expect(ran, 'the bundles the run went through').to.deep.equal([bundleName])
      const bundle = scripts.find((s) => s.url.endsWith(`/dist/${bundleName}`))
      // A class's instance fields run per instance: that function spans the class, made or not.
      const ranges = bundle!.functions
        .filter((f) => f.functionName !== '<instance_members_initializer>')
        .flatMap((f) => f.ranges)
      return [...of].flatMap(([id, at]) => {
        // The innermost function or block around the marker's text: run at least once if the class or entry was made.
        const around = ranges
          .filter((r) => r.startOffset <= at && at < r.endOffset)
          .sort((a, b) => a.endOffset - a.startOffset - (b.endOffset - b.startOffset))[0]
        return around.count > 0 ? [id] : []
      })
    } finally {
      rmSync(dir, {recursive: true, force: true})
    }
  }

  it("every non-resource command has its own text in the bundle (the probe's markers)", () => {
    for (const id of ['api', 'apply', 'history', 'undo', 'plan:show', 'mcp:serve', 'mcp:tools', 'profile:policy'])
      expect(markers.has(id), id).to.equal(true)
  })

  it("the resource commands' bundle holds none of the CLI's other commands", () => {
    const full = texts['fast-path.cjs']
    const lean = texts['fast-path-resources.cjs']
    for (const [id, at] of markers) expect(lean.includes(full.slice(at, at + 30)), id).to.equal(false)
    expect(lean.length).to.be.below(full.length * 0.75)
  })

  it("a dry run and a show run from the resource commands' bundle", async () => {
    const none = new Map<string, number>()
    expect(await evaluated(['clients', 'list', '--dry-run'], 'fast-path-resources.cjs', none)).to.deep.equal([])
    expect(suite.up.requests).to.deep.equal([])
    const show = ['clients', 'show', 'VolejRejNm', '--output', 'json']
    expect(await evaluated(show, 'fast-path-resources.cjs', none)).to.deep.equal([])
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal(['GET /api/v1/clients/VolejRejNm'])
  })

  it('a dry run, a show and a raw GET make only the entry of the family they name', async () => {
    const lean = 'fast-path-resources.cjs'
    expect(await evaluated(['clients', 'list', '--dry-run'], lean, entries.lean)).to.deep.equal(['clients'])
    expect(
      await evaluated(['invoices', 'show', family('invoices').sample!, '--output', 'json'], lean, entries.lean),
    ).to.deep.equal(['invoices'])
    // --client-id takes a client's id or key (so the clients' entry), and the guided flags' help names how vendors
    // and projects are found: written when help reads it, not for a run.
    const create = ['invoices', 'create', '--client-id', 'VolejRejNm', '--line-item', 'product_key=A', '--dry-run']
    expect(await evaluated(create, lean, entries.lean)).to.deep.equal(['clients', 'invoices'])
    // Whether the path needs the password is asked of the family whose segment it is.
    expect(await evaluated(['api', 'GET', 'clients', '--output', 'json'], 'fast-path.cjs', entries.full)).to.deep.equal(
      ['clients'],
    )
    expect(suite.up.requests.map((q) => `${q.method} ${q.path}`)).to.deep.equal([
      `GET /api/v1/invoices/${family('invoices').sample}`,
      'GET /api/v1/clients',
    ])
  })

  it('a command of the table evaluates its own module, and no other', async () => {
    expect(await evaluated(['mcp', 'tools', '--read-only'], 'fast-path.cjs', markers)).to.deep.equal(['mcp:tools'])
    // The change pipeline's four commands are one module of the core's (@invoicing-cli/core/changes).
    expect((await evaluated(['history'], 'fast-path.cjs', markers)).sort()).to.deep.equal([
      'apply',
      'history',
      'plan:show',
      'undo',
    ])
    // Written with a colon, the id's first word still says which bundle runs it.
    expect(await evaluated(['mcp:tools', '--read-only'], 'fast-path.cjs', markers)).to.deep.equal(['mcp:tools'])
    expect(suite.up.requests).to.deep.equal([])
  })
})
