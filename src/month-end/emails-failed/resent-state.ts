/**
 * What `emails failed --resend` has sent again, remembered so that a second run does not send it again: the system
 * log entries each resend answered, per server, in a file of the user's state folder
 * ($XDG_STATE_HOME/invoicing-cli/emails-resent.json, default ~/.local/state), readable by the user only (0600).
 * When the journal of changes exists (issue 34), this belongs there (docs/decisions.md).
 */
import {mkdir, readFile} from 'node:fs/promises'
import {homedir} from 'node:os'
import {dirname, join} from 'node:path'

import {CliError, ExitCode, writeFileAtomically} from '@invoicing-cli/core/internal'

interface ResentFile {
  format: 1
  /** Per server root: log entry id → when it was resent (ISO 8601) and the record e-mailed. */
  servers: Record<string, Record<string, {resent_at: string; record: string}>>
}

/** The state file: $XDG_STATE_HOME/invoicing-cli/emails-resent.json (default ~/.local/state/...). */
export function resentStatePath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_STATE_HOME || join(homedir(), '.local', 'state')
  return join(base, 'invoicing-cli', 'emails-resent.json')
}

async function load(path: string): Promise<ResentFile> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined
    throw new CliError(`cannot read ${path}: ${error.message}`, ExitCode.usage)
  })
  if (text === undefined) return {format: 1, servers: {}}
  try {
    const parsed = JSON.parse(text) as ResentFile
    if (parsed?.format === 1 && parsed.servers && typeof parsed.servers === 'object') return parsed
  } catch {
    // Named below.
  }
  throw new CliError(`${path} is not a file of resent e-mails this CLI writes: move it away`, ExitCode.usage)
}

/** The entries of `server` resent before: id → when. */
export async function resentEntries(server: string, path = resentStatePath()): Promise<Map<string, string>> {
  const entries = (await load(path)).servers[server] ?? {}
  return new Map(Object.entries(entries).map(([id, e]) => [id, e.resent_at]))
}

/** Adds entries to the file: written whole to a temporary file (0600, created exclusively) renamed into place. */
export async function rememberResent(
  server: string,
  record: string,
  entries: readonly string[],
  path = resentStatePath(),
): Promise<void> {
  const file = await load(path)
  const at = new Date().toISOString()
  const mine = (file.servers[server] ??= {})
  for (const id of entries) mine[id] = {resent_at: at, record}
  await mkdir(dirname(path), {recursive: true, mode: 0o700})
  const text = `${JSON.stringify(file, null, 2)}\n`
  await writeFileAtomically(path, true, (write) => write(Buffer.from(text)), 0o600)
}
