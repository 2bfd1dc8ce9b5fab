/** A --query error is one short line, however long the expression. */
import {expect} from 'chai'

import {CliError} from '../src/errors.js'
import {outputQuery} from '../src/output/shape.js'

describe('--query errors', () => {
  it('a 90,000-character expression: the line stays short, the expression cut and quoted', async () => {
    const expression = `data[${'x'.repeat(90_000)}`
    const error = await outputQuery({query: expression}).catch((e: unknown) => e)
    expect(error).to.be.instanceOf(CliError)
    const message = (error as CliError).message
    expect(message.length).to.be.below(400)
    expect(message).to.match(/^--query "data\[x{55}…": /)
    expect(message).not.to.include('\n')
  })

  it('an expression is checked by its syntax, not by running it on nothing: functions work on the answer', async () => {
    const query = await outputQuery({query: 'sum(data[].balance)'})
    expect(query!({data: [{balance: 1.5}, {balance: 2}]})).to.equal(3.5)
    const bad = await outputQuery({query: 'sum(data[].balance'}).catch((e: unknown) => e)
    expect((bad as CliError).message).to.match(/^--query "sum\(data\[\]\.balance": /)
    // A type error shows only when it meets the answer: one line, a usage error.
    const typed = await outputQuery({query: 'sum(data[].name)'})
    expect(() => typed!({data: [{name: 'a'}]}))
      .to.throw(CliError)
      .with.property('message')
      .that.matches(/^--query "sum\(data\[\]\.name\)": TypeError: sum\(\) expected argument 1 to be type Array<number>/)
  })
})
