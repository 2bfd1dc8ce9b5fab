/** YAML output is read back to the same data by YAML 1.1 readers (PyYAML, yaml in 1.1 mode) and 1.2 ones. */
import {execFileSync} from 'node:child_process'

import {expect} from 'chai'
import {parse} from 'yaml'

import {renderYaml} from '../src/output/formats/yaml.js'

const TRICKY = {
  '<<': {a: 1},
  data: [{'<<': 'q', notes: 'line 1\n<<: x\n', ls: 'a\u2028b', nel: 'x\u0085y', ps: '\u2029'}],
  date: '2024-01-15',
  bool: 'yes',
}

const pyyaml = (text: string): unknown => {
  const script = 'import sys,json,yaml; print(json.dumps(yaml.safe_load(sys.stdin.read())))'
  return JSON.parse(execFileSync('python3', ['-c', script], {input: text, encoding: 'utf8'}))
}

const hasPyyaml = (() => {
  try {
    execFileSync('python3', ['-c', 'import yaml'], {stdio: 'ignore'})
    return true
  } catch {
    return false
  }
})()

describe('yaml output reads back the same', () => {
  it('the yaml package, 1.1 and 1.2: a key <<, U+2028, U+0085, U+2029, dates and booleans as strings', async () => {
    const text = await renderYaml(TRICKY)
    expect(parse(text, {version: '1.1'})).to.deep.equal(TRICKY)
    expect(parse(text, {version: '1.2'})).to.deep.equal(TRICKY)
    expect(text).not.to.match(/[\u0085\u2028\u2029]/)
  })

  it('PyYAML (a YAML 1.1 reader)', async function () {
    if (!hasPyyaml) this.skip()
    expect(pyyaml(await renderYaml(TRICKY))).to.deep.equal(TRICKY)
  })
})
