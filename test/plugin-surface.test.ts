/** The core's public entry is exactly what docs/plugins.md lists: a name added or dropped fails here first. */
import {readFileSync} from 'node:fs'
import {join} from 'node:path'

import {expect} from 'chai'

import * as publicEntry from '../packages/core/src/index.js'
import * as internalEntry from '../packages/core/src/internal.js'
import {ROOT} from './support/cli.js'

/** The names in the first column of the table under "What a plugin imports". */
function documentedNames(): string[] {
  const text = readFileSync(join(ROOT, 'docs', 'plugins.md'), 'utf8')
  const section = text.slice(text.indexOf('## What a plugin imports'), text.indexOf('## A runner in a few lines'))
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...line.split('|')[1].matchAll(/`([A-Za-z_]+)`/g)].map((m) => m[1]))
}

// Types leave nothing at run time: the documented ones are checked by the type-check of this file.
const TYPES = new Set([
  'RunnerDefinition',
  'RunnerInput',
  'Plan',
  'SendPlan',
  'ListPlan',
  'DownloadPlan',
  'EditPlan',
  'ChainPlan',
  'PollPlan',
  'LocalPlan',
  'FlagValues',
  'RequestSpec',
  'Json',
  'Method',
  'ExitCodeValue',
  'Family',
  'Verb',
  'SummaryWords',
  'Printer',
])
export type DocumentedTypes = [
  publicEntry.RunnerDefinition,
  publicEntry.RunnerInput,
  publicEntry.Plan,
  publicEntry.SendPlan,
  publicEntry.ListPlan,
  publicEntry.DownloadPlan,
  publicEntry.EditPlan,
  publicEntry.ChainPlan,
  publicEntry.PollPlan,
  publicEntry.LocalPlan,
  publicEntry.FlagValues,
  publicEntry.RequestSpec,
  publicEntry.Json,
  publicEntry.Method,
  publicEntry.ExitCodeValue,
  publicEntry.Family,
  publicEntry.Verb,
  publicEntry.SummaryWords,
  publicEntry.Printer,
]

describe('the plugin surface of @invoicing-cli/core', () => {
  it('the public entry exports exactly the values docs/plugins.md lists', () => {
    const documented = documentedNames()
      .filter((n) => !TYPES.has(n))
      .sort()
    expect(Object.keys(publicEntry).sort()).to.deep.equal(documented)
  })

  it('every documented type is documented once, and the internal entry carries the public one whole', () => {
    const names = documentedNames()
    for (const type of TYPES)
      expect(
        names.filter((n) => n === type),
        type,
      ).to.have.length(1)
    for (const [name, value] of Object.entries(publicEntry)) {
      const internal = (internalEntry as Record<string, unknown>)[name]
      // A namespace (flags) is compared by what it holds; everything else is the very same binding.
      if (name === 'flags') expect(Object.keys(internal as object)).to.deep.equal(Object.keys(value))
      else expect(internal, name).to.equal(value)
    }
  })
})
