/** A --query error is one short line, however long the expression. */
import {expect} from 'chai'

import {CliError} from '../src/errors.js'
import {outputQuery} from '../src/output/shape.js'

describe('--query errors', () => {
  it('a 90,000-character expression: the line stays short, the expression cut and quoted', async () => {
    const expression = `data[${'x'.repeat(90_000)}`
    const error = await outputQuery({output: 'json', query: expression}).catch((e: unknown) => e)
    expect(error).to.be.instanceOf(CliError)
    const message = (error as CliError).message
    expect(message.length).to.be.below(400)
    expect(message).to.match(/^--query "data\[x{55}…": /)
    expect(message).not.to.include('\n')
  })
})
