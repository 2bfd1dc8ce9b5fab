/**
 * A command's `--dry-run`, from its settings: the note for people when no server is set, the base URL and
 * credentials the printed request shows, and the live reads a plan may need first (a key's lookup) on the run's
 * client. What is printed is dry-run.ts's.
 */
import {PLACEHOLDER_BASE_URL, type Settings} from '../config/config.js'
import type {HttpClient} from '../http/client.js'
import type {Printer, Secrets} from '../output/printer.js'
import {writeNote} from '../output/notes.js'
import type {RemotePlan} from '../plan/plans.js'
import {normalizeBaseUrl} from '../plan/request.js'
import {dryRun} from './dry-run.js'
import {Executor} from './executor.js'

/** What the dry run needs of the command. */
export interface DryRunIO {
  format?: string
  userAgent: string
  client: () => Promise<HttpClient>
  out: Printer
  secrets: () => Secrets
}

export function commandDryRun(plan: RemotePlan, s: Settings, io: DryRunIO): Promise<unknown> {
  // For people (stderr a terminal): a script's dry run keeps its stderr empty.
  if (s.baseUrl === undefined && process.stderr.isTTY)
    writeNote(
      `note: ${new URL(PLACEHOLDER_BASE_URL).host} is a placeholder host: no server is set (--base-url, ` +
        'CLI_BASE_URL or cli auth login sets one)',
    )
  return dryRun(plan, {
    format: io.format,
    baseUrl: normalizeBaseUrl(s.baseUrl ?? PLACEHOLDER_BASE_URL),
    creds: {token: s.token, password: s.password, userAgent: io.userAgent},
    readRecord: async () => {
      const client = await io.client()
      const executor = new Executor(client, io.out, io.secrets)
      return {
        read: (request) => executor.readRecord(request),
        select: (selection) => executor.select(selection),
        baseUrl: client.connection.baseUrl,
        close: () => client.close(),
      }
    },
  })
}
