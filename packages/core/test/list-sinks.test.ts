/**
 * A listing of several pages in csv or yaml is written page by page as the pages come, and the
 * text is exactly the one document the whole merged listing would have made.
 */
import {expect} from 'chai'
import fc from 'fast-check'

import {csvSink, csvWriter, renderCsv} from '../src/output/formats/csv.js'
import {renderYaml, yamlSink, yamlText} from '../src/output/formats/yaml.js'
import type {ListSink} from '../src/output/list-sinks.js'

const record = fc.dictionary(fc.constantFrom('id', 'number', 'name', 'amount', 'notes'), fc.jsonValue({maxDepth: 2}), {
  maxKeys: 5,
})
const pages = fc.array(fc.array(record, {maxLength: 4}), {minLength: 1, maxLength: 4})
const COLUMNS = ['id', 'number', 'name', 'amount']

/** Feeds the pages to a sink; returns what was written after each page, then after finish. */
async function feed(
  make: (write: (text: string) => Promise<void>) => ListSink,
  pageList: unknown[][],
  meta: Record<string, unknown>,
) {
  let out = ''
  const sink = make(async (text) => void (out += text))
  const afterPage: string[] = []
  for (const page of pageList) {
    await sink.add(page)
    afterPage.push(out)
  }
  await sink.finish(meta)
  return {afterPage, out}
}

describe('list sinks: csv and yaml page by page', () => {
  it('csv: the same text as the merged listing, with columns given or chosen from the first records', async () => {
    await fc.assert(
      fc.asyncProperty(pages, fc.boolean(), async (pageList, given) => {
        const merged = {data: pageList.flat()}
        const opts = given ? {columns: COLUMNS} : {}
        let whole: string
        try {
          whole = renderCsv(merged, opts)
        } catch {
          return // no plain fields in the first records: refused either way (its own test below)
        }
        // Chosen from the first page: the same columns when the first records have what the later ones have.
        if (!given && !sameColumns(pageList)) return
        const {out} = await feed((write) => csvSink(write, csvWriter(opts)), pageList, {})
        expect(out).to.equal(whole)
      }),
      {numRuns: 300},
    )
  })

  it('csv: the first page is written before the next one comes; an empty listing is the header alone', async () => {
    const {afterPage, out} = await feed(
      (write) => csvSink(write, csvWriter({columns: ['id']})),
      [[{id: 'a'}], [{id: 'b'}]],
      {},
    )
    expect(afterPage).to.deep.equal(['id\r\na\r\n', 'id\r\na\r\nb\r\n'])
    expect(out).to.equal('id\r\na\r\nb\r\n')
    expect((await feed((write) => csvSink(write, csvWriter({columns: COLUMNS})), [[]], {})).out).to.equal(
      'id,number,name,amount\r\n',
    )
  })

  it('csv: records without plain fields are refused at the first page', async () => {
    const sink = csvSink(async () => {}, csvWriter({}))
    let caught: unknown
    await sink.add([{a: {b: 1}}]).catch((error) => (caught = error))
    expect(String(caught)).to.include(
      'this answer has no plain fields to put in CSV columns: pick them with --columns a,b.c',
    )
  })

  it('yaml: the same text as the merged document, written page by page', async () => {
    const yaml = await yamlText()
    await fc.assert(
      fc.asyncProperty(pages, fc.jsonValue({maxDepth: 2}), async (pageList, metaValue) => {
        const meta = {pagination: {count: pageList.flat().length}, extra: metaValue}
        const {afterPage, out} = await feed((write) => yamlSink(write, yaml), pageList, meta)
        expect(out).to.equal(await renderYaml({data: pageList.flat(), meta}))
        for (const [i, text] of afterPage.entries()) expect(out.startsWith(text), `after page ${i + 1}`).to.equal(true)
        if (pageList[0].length > 0) expect(afterPage[0]).to.match(/^data:\n {2}- /)
      }),
      {numRuns: 200},
    )
  })
})

/** Whether every column of the later pages' records already shows in the first non-empty page. */
function sameColumns(pageList: Array<Array<Record<string, unknown>>>): boolean {
  const first = pageList.find((p) => p.length > 0) ?? []
  const seen = new Set(first.flatMap((r) => Object.keys(r)))
  return pageList.flat().every((r) => Object.keys(r).every((k) => seen.has(k)))
}
