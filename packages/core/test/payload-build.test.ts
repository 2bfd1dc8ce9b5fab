/** buildPayload: --data, --data-file and --stdin read and checked, and the sources that cannot be mixed. */
import {expect} from 'chai'
import {mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {buildPayload, type PayloadInput} from '../src/input/payload.js'
import {usageAsync} from './helpers.js'
import {DOC, noStdin, PLAIN} from './payload-helpers.js'

describe('payload: raw JSON sources and guided flags', () => {
  describe('buildPayload', () => {
    let dir: string

    before(async () => {
      dir = await mkdtemp(join(tmpdir(), 'invoicing-cli-payload-'))
    })

    after(async () => {
      await rm(dir, {recursive: true, force: true})
    })

    it('--data gives the parsed object, untouched', async () => {
      const data = '{"client_id":"123","line_items":[{"cost":10,"notes":"a"}],"number":"0042"}'
      expect(await buildPayload({data}, {...DOC, readStdin: noStdin})).to.deep.equal(JSON.parse(data))
    })

    it('--data with invalid JSON is a usage error', async () => {
      await usageAsync(buildPayload({data: '{"name":'}, PLAIN), '--data is not valid JSON')
      await usageAsync(buildPayload({data: "{name:'x'}"}, PLAIN), '--data is not valid JSON')
      await usageAsync(buildPayload({data: ''}, PLAIN), '--data is empty: give one JSON object')
      await usageAsync(buildPayload({data: ' \n'}, PLAIN), '--data is empty: give one JSON object')
    })

    it('--data that is not a JSON object is a usage error', async () => {
      await usageAsync(buildPayload({data: '[{"name":"x"}]'}, PLAIN), '--data must be a JSON object', 'array')
      await usageAsync(buildPayload({data: '"name"'}, PLAIN), '--data must be a JSON object', 'string')
      await usageAsync(buildPayload({data: '42'}, PLAIN), '--data must be a JSON object', 'number')
      await usageAsync(buildPayload({data: 'null'}, PLAIN), '--data must be a JSON object')
    })

    it('--data-file reads the file', async () => {
      const path = join(dir, 'client.json')
      await writeFile(path, '{"name":"From file","contacts":[{"email":"a@b.c"}]}\n')
      expect(await buildPayload({'data-file': path}, {...PLAIN, readStdin: noStdin})).to.deep.equal({
        name: 'From file',
        contacts: [{email: 'a@b.c'}],
      })
    })

    it('--data-file with a missing file is a usage error naming the path', async () => {
      const path = join(dir, 'missing.json')
      await usageAsync(buildPayload({'data-file': path}, PLAIN), `--data-file ${path}`, 'no such file')
    })

    it('--data-file with invalid JSON or a non-object is a usage error naming the path', async () => {
      const bad = join(dir, 'bad.json')
      await writeFile(bad, 'name=x')
      await usageAsync(buildPayload({'data-file': bad}, PLAIN), `--data-file ${bad} is not valid JSON`)
      const list = join(dir, 'list.json')
      await writeFile(list, '[]')
      await usageAsync(buildPayload({'data-file': list}, PLAIN), `--data-file ${list} must be a JSON object`)
    })

    it('--stdin reads through the injected readStdin', async () => {
      let calls = 0
      const readStdin = async (): Promise<string> => {
        calls++
        return '{"name":"From stdin","amount":12.5}'
      }
      expect(await buildPayload({stdin: true}, {...PLAIN, readStdin})).to.deep.equal({name: 'From stdin', amount: 12.5})
      expect(calls).to.equal(1)
    })

    it('--stdin with invalid JSON or a non-object is a usage error', async () => {
      await usageAsync(
        buildPayload({stdin: true}, {...PLAIN, readStdin: async () => 'not json'}),
        '--stdin is not valid JSON',
      )
      await usageAsync(
        buildPayload({stdin: true}, {...PLAIN, readStdin: async () => '[1]'}),
        '--stdin must be a JSON object',
      )
    })

    it('guided flags never read stdin', async () => {
      expect(await buildPayload({name: 'x', stdin: false}, {...PLAIN, readStdin: noStdin})).to.deep.equal({name: 'x'})
    })

    it('nothing given is a usage error', async () => {
      await usageAsync(buildPayload({}, {...PLAIN, readStdin: noStdin}), 'nothing to send')
      await usageAsync(
        buildPayload({stdin: false, field: [], 'line-item': []}, {...PLAIN, readStdin: noStdin}),
        'nothing to send',
      )
    })

    it('mixed sources are refused before any source is read', async () => {
      let read = false
      const readStdin = async (): Promise<string> => {
        read = true
        return '{}'
      }
      await usageAsync(buildPayload({stdin: true, name: 'x'}, {...PLAIN, readStdin}), 'cannot be mixed')
      await usageAsync(buildPayload({stdin: true, data: '{}'}, {...PLAIN, readStdin}), 'alternatives')
      expect(read).to.equal(false)
    })

    it('raw + guided through buildPayload is a usage error', async () => {
      const input: PayloadInput = {data: '{"name":"a"}', field: ['name=b']}
      await usageAsync(buildPayload(input, PLAIN), '--data', '--field', 'cannot be mixed')
    })

    it('--line-item on a non-document family through buildPayload is a usage error', async () => {
      await usageAsync(
        buildPayload({'line-item': ['product_key=A']}, PLAIN),
        '--line-item is only for document-like families',
        'clients',
      )
    })

    it('--line-item on a document family works through buildPayload', async () => {
      expect(
        await buildPayload({'line-item': ['product_key=A,quantity=2,cost=10']}, {...DOC, readStdin: noStdin}),
      ).to.deep.equal({
        line_items: [{product_key: 'A', quantity: 2, cost: 10}],
      })
    })
  })
})
