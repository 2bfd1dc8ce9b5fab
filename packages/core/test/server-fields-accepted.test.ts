/**
 * Every field the server writes, on every family, is accepted on create and update without an error, and without a
 * warning but the one for a field that verb's request sets aside (the facts' `ignored`) or the save works out
 * (`calculated`); and sent as given: the guided payload built from `--field` carries exactly the value.
 */
import {expect} from 'chai'

import {buildGuided} from '../src/input/payload.js'
import {checkPayload} from '../src/registry/schema/check.js'
import {
  allServerFacts,
  calculatedFields,
  fieldTypes,
  ignoredFields,
  requiredFields,
} from '../src/registry/server/facts.js'
import type {ServerType} from '../src/registry/server/types.js'

/** A value of each type as a user would give it, and as `--field` would type it. */
const SAMPLES: Readonly<Record<ServerType, [json: unknown, field: string]>> = {
  hid: ['VolejRejNm', 'VolejRejNm'],
  iid: [1, '1'],
  num: [12.5, '12.5'],
  int: [3, '3'],
  bool: [true, 'true'],
  date: ['2024-01-20', '2024-01-20'],
  email: ['ann@example.com', 'ann@example.com'],
  url: ['https://example.com/hook', 'https://example.com/hook'],
  str: ['text', 'text'],
  obj: [{}, ''],
  objs: [[], ''],
  strs: [['a'], ''],
}

/**
 * No error, and a warning only for each field of `body` that the verb's request sets aside, then for each the save
 * works out itself, in the facts' order.
 */
async function accepted(word: string, body: Record<string, unknown>, verb: 'create' | 'update'): Promise<void> {
  const {warnings, errors} = await checkPayload(word, body, verb)
  expect(errors).to.deep.equal([])
  const named = warnings.map(
    (w) => /^(\w+): the server (?:sets it aside|works it out from the line items) when /.exec(w)?.[1] ?? w,
  )
  const given = (name: string) => Object.hasOwn(body, name)
  const aside = ignoredFields(word, verb, body).filter(given)
  expect(named).to.deep.equal([...aside, ...calculatedFields(word).filter((n) => given(n) && !aside.includes(n))])
}

describe('every server field is accepted without a warning', () => {
  for (const [word, facts] of Object.entries(allServerFacts())) {
    if (!facts.fields) continue
    const types = fieldTypes(facts.fields)
    const body = Object.fromEntries([...types].map(([name, type]) => [name, SAMPLES[type][0]]))

    it(`${word}: create and update take all ${types.size} fields`, async () => {
      const sent = structuredClone(body)
      await accepted(word, sent, 'create')
      await accepted(word, sent, 'update')
      expect(sent, 'the check changes nothing').to.deep.equal(body)
    })

    it(`${word}: scalar fields given with --field are sent as given`, async () => {
      const scalars = [...types].filter(([, type]) => SAMPLES[type][1] !== '')
      const fields = scalars.map(([name, type]) => `${name}=${SAMPLES[type][1]}`)
      const built = buildGuided({field: fields})
      expect(built).to.deep.equal(Object.fromEntries(scalars.map(([name, type]) => [name, SAMPLES[type][0]])))
      await accepted(word, built, 'update')
    })
  }

  it('the issue\'s examples: integer ids as 1 and "1", the fields the document lacked', async () => {
    for (const id of [1, '1']) {
      expect(
        await checkPayload('vendors', {name: 'Acme', currency_id: id, country_id: id, language_id: id}),
      ).to.deep.equal({warnings: [], errors: []})
      expect(await checkPayload('webhooks', {event_id: id, target_url: 'https://example.com/h'})).to.deep.equal({
        warnings: [],
        errors: [],
      })
    }
    expect(
      await checkPayload('quotes', {client_id: 'VolejRejNm', project_id: 'Wpmbk5ezJn', vendor_id: 'X'}, 'create'),
    ).to.deep.equal({warnings: [], errors: []})
    expect(await checkPayload('designs', {name: 'Clean', design: {body: '<div>x</div>'}}, 'create')).to.deep.equal({
      warnings: [],
      errors: [],
    })
    // The store request fills in a missing design (empty parts) before its rules run: not required.
    expect(requiredFields('designs', 'create')).to.deep.equal(['name'])
    // A project's task_rate is set to 0 when missing or negative (ProjectApiTest creates without it).
    expect(requiredFields('projects', 'create')).to.deep.equal(['client_id', 'name'])
  })
})
