/**
 * The output helpers of the public entry (index.ts): a plugin's lines go through the same scrub as
 * the base command's printing, so the secrets in use (the token and password from the
 * environment, a profile or a flag) never appear, whatever a plugin prints. The base command
 * notes the secrets as soon as it knows them.
 */
import {type Credentials, scrubBytes, scrubSecrets} from '../http/headers.js'
import {writeErr as writeStderr, writeOut as writeStdout} from './write.js'

type Secrets = Pick<Credentials, 'token' | 'password'>

let noted: Secrets = {}

/** Called by the base command whenever the secrets in use change. */
export function noteSecretsInUse(secrets: Secrets): void {
  noted = secrets
}

const inUse = (): Secrets => ({
  token: noted.token ?? process.env.CLI_API_TOKEN,
  password: noted.password ?? process.env.CLI_API_PASSWORD,
})

/** Results on stdout (a terminal gets control characters escaped), the secrets in use scrubbed. */
export async function writeOut(data: string | Uint8Array): Promise<void> {
  await writeStdout(typeof data === 'string' ? scrubSecrets(data, inUse()) : scrubBytes(Buffer.from(data), inUse()))
}

/** A line for people on stderr, the secrets in use scrubbed. */
export function writeErr(text: string): void {
  writeStderr(scrubSecrets(text, inUse()))
}
