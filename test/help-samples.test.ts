/**
 * Help examples name records of the right family that the sandbox has (issue 23): each family's
 * sample id (registry) is a record of that family in the sandbox data, and every id an example
 * gives (the record argument, --id, --client-id, --vendor-id, --invoice ID:AMOUNT, a *_id field)
 * is one of the family it must be. Root help groups every family.
 */
import {expect} from 'chai'

import {resourceCommands} from '../packages/core/src/commands/resource/commands.js'
import {topicNotes} from '../packages/core/src/commands/resource/help.js'
import {FAMILIES, family, GROUPS} from '../packages/core/src/registry/registry.js'
import type {Family} from '../packages/core/src/registry/types.js'
import {SANDBOX_DATA} from './support/sandbox-data.js'

/** The verbs whose command takes a record id as its argument. */
const TAKES_ID = new Set(['show', 'edit-template', 'update', 'delete', 'action', 'upload'])
const segmentOf = (word: string) => word.replaceAll('-', '_')
/** A record of the family has this id, or this human key (its number, name, contact e-mail: the registry's keys). */
const inSandbox = (word: string, id: string) =>
  (SANDBOX_DATA[segmentOf(word)] ?? []).some(
    (r) => r.id === id || family(word).keys.some((k) => k.fields.some((field) => valuesAt(r, field).includes(id))),
  )
const valuesAt = (record: Record<string, unknown>, field: string): unknown[] =>
  field
    .split('.')
    .reduce<unknown[]>((values, key) => values.flat().map((v) => (v as Record<string, unknown>)?.[key]), [record])
    .flat()

/** Every example of a family's commands and of its topic page, with the command words they start with. */
function examples(f: Family): string[] {
  const commands = resourceCommands([f])
  const own = Object.values(commands).flatMap((c) => (c.examples ?? []) as string[])
  return [
    ...own,
    ...topicNotes(f, 'cli')
      .split('\n')
      .filter((l) => l.startsWith('  $ ')),
  ].map((e) => e.replace(/^ {2}\$ /, '').replaceAll('<%= config.bin %>', 'cli'))
}

/** Each id an example names, with the family it must belong to. */
function idsNamed(f: Family, example: string): Array<[family: string, id: string]> {
  const found: Array<[string, string]> = []
  // Words as a shell reads them: "Acme Ltd" is one.
  const words = (example.match(/"[^"]*"|\S+/g) ?? []).map((w) => w.replace(/^"(.*)"$/, '$1'))
  const verb = words[2]
  const takesId = TAKES_ID.has(verb) || f.operations.some((op) => op.name === verb && op.idArg)
  if (takesId && words[3] && !words[3].startsWith('-')) found.push([f.word, words[3]])
  for (const [, flag, quoted, plain] of example.matchAll(
    /--(id|client-id|vendor-id|project-id) (?:"([^"]+)"|([\w@.]+))/g,
  ))
    found.push([flag === 'id' ? f.word : `${flag.replace('-id', '')}s`, quoted ?? plain])
  for (const [, id] of example.matchAll(/--invoice ([A-Za-z0-9]+):/g)) found.push(['invoices', id])
  for (const [, field, id] of example.matchAll(/(company_gateway|bank_integration|client)_id=([A-Za-z0-9]+)/g))
    found.push([`${field.replaceAll('_', '-')}s`, id])
  return found
}

describe('help examples name records the sandbox has', () => {
  it('every family whose commands take an id has a sample, a record of it in the sandbox data', () => {
    const needs = FAMILIES.filter(
      (f) => [...f.verbs].some((v) => TAKES_ID.has(v)) || f.operations.some((op) => op.idArg),
    )
    expect(needs.filter((f) => !f.sample).map((f) => f.word)).to.deep.equal([])
    expect(needs.filter((f) => !inSandbox(f.word, f.sample!)).map((f) => `${f.word} ${f.sample}`)).to.deep.equal([])
  })

  for (const f of FAMILIES) {
    it(`${f.word}: every id its examples give is a record of the right family in the sandbox`, () => {
      const wrong = examples(f).flatMap((example) =>
        idsNamed(f, example)
          .filter(([word, id]) => !inSandbox(word, id))
          .map(([word, id]) => `${id} (not one of ${word}): ${example}`),
      )
      expect(wrong).to.deep.equal([])
    })
  }

  it('the everyday tasks are where they belong: e-mail, paid, refund, statement', () => {
    const topic = (word: string) => examples(FAMILIES.find((f) => f.word === word)!).join('\n')
    // By number and name, as people know them (issue 23): the sandbox has invoice 0001 and a client "Acme Ltd".
    expect(topic('invoices')).to.include('cli invoices email 0001').and.include('--paid --yes')
    expect(topic('payments')).to.include('cli payments refund 0001')
    expect(topic('clients')).to.include('cli clients statement "Acme Ltd"')
    expect(topic('quotes')).to.include('cli quotes email 0001')
  })

  it('every family has a group of root help', () => {
    for (const f of FAMILIES) expect(GROUPS, f.word).to.include(f.group)
    expect(new Set(FAMILIES.map((f) => f.group))).to.deep.equal(new Set(GROUPS))
  })
})
