/** The public entry's writeOut and writeErr scrub the secrets in use, as the base command's printing does. */
import {expect} from 'chai'

import {writeErr, writeOut} from '../src/index.js'
import {noteSecretsInUse} from '../src/output/plugin-output.js'

/** What a call wrote to one of the process's streams. */
async function captured(stream: NodeJS.WriteStream, call: () => unknown): Promise<string> {
  const original = stream.write
  let text = ''
  stream.write = ((chunk: string | Uint8Array) => {
    text += Buffer.from(chunk).toString()
    return true
  }) as typeof stream.write
  try {
    await call()
  } finally {
    stream.write = original
  }
  return text
}

describe('the output helpers a plugin can reach', () => {
  const env = {token: process.env.CLI_API_TOKEN, password: process.env.CLI_API_PASSWORD}
  afterEach(() => {
    noteSecretsInUse({})
    for (const [key, value] of [
      ['CLI_API_TOKEN', env.token],
      ['CLI_API_PASSWORD', env.password],
    ] as const) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
    }
  })

  it('scrub the token and password the base command noted, in text and in bytes', async () => {
    noteSecretsInUse({token: 'tok-secret-123', password: 'pw-secret-456'})
    expect(await captured(process.stdout, () => writeOut('a tok-secret-123 b\n'))).to.equal('a [REDACTED] b\n')
    expect(await captured(process.stdout, () => writeOut(Buffer.from('pw-secret-456\n')))).to.equal('[REDACTED]\n')
    expect(await captured(process.stderr, () => writeErr('token=tok-secret-123 password=pw-secret-456'))).to.equal(
      'token=[REDACTED] password=[REDACTED]\n',
    )
  })

  it("scrub the environment's secrets before any command noted them", async () => {
    process.env.CLI_API_TOKEN = 'env-token-789'
    delete process.env.CLI_API_PASSWORD
    expect(await captured(process.stderr, () => writeErr('env-token-789'))).to.equal('[REDACTED]\n')
    expect(await captured(process.stdout, () => writeOut('nothing secret\n'))).to.equal('nothing secret\n')
  })
})
