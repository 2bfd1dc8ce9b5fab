import {
  CliError,
  describePolicy,
  ExitCode,
  readPolicy,
  type Settings,
  upstreamText,
  warningLabel,
  writeErr,
} from '@invoicing-cli/core/internal'

import {AuthCommand, networkAuthFlags} from './auth-command.js'
import {ping, type PingResult} from './ping.js'

/** Where a value came from, in words: `CLI_BASE_URL`, `profile "work"`. */
const from = (source: string | undefined, s: Settings): string =>
  source === 'profile' ? `profile "${s.profile}"` : (source ?? 'nowhere')

/** Where the token in use comes from and lives: `profile "work", in the OS keychain`. */
const tokenFrom = (s: Settings): string =>
  s.tokenSource === 'CLI_API_TOKEN'
    ? 'CLI_API_TOKEN'
    : `profile "${s.profile}", in ${s.tokenSource === 'keychain' ? 'the OS keychain' : 'the config file'}`

/** Where the token in use lives: the environment, the OS keychain or the config file. */
const STORES = {CLI_API_TOKEN: 'environment', keychain: 'keychain', profile: 'file'} as const

const PICKED: Record<Settings['profileSource'], string> = {
  '--profile': 'from --profile',
  CLI_PROFILE: 'from CLI_PROFILE',
  'active profile': 'the active profile',
  default: 'the default: no active profile saved',
}

/** What the check says of the token when it fails: rejected by the server, or not checked (no token, no answer). */
const tokenState = (s: Settings, rejected: boolean): string =>
  s.token
    ? `${rejected ? 'rejected' : 'not checked'} (from ${tokenFrom(s)})`
    : s.tokenUnreadable
      ? `not read (profile "${s.profile}", in the OS keychain, which did not answer)`
      : 'none'

export default class Status extends AuthCommand {
  static summary =
    'Show which profile, base URL and token are in use, where each comes from, and whether the token works ' +
    '(never the token).'
  static description =
    'Calls GET /api/v1/ping. Warns when the environment (CLI_BASE_URL, CLI_API_TOKEN) or --base-url replaces what ' +
    'the profile saved. When the check fails the profile, base URL and token lines are still printed, and the error ' +
    'follows on stderr (with --output json the document carries it as "error"). The token line says where the ' +
    'token lives (CLI_API_TOKEN, the OS keychain or the config file); the policy line, what the profile may change ' +
    '(cli profile policy). Exit 4 when no token is configured ' +
    'or the upstream rejects it, 1 when the upstream cannot be reached.'
  static baseFlags = networkAuthFlags
  static examples = ['<%= config.bin %> auth status', '<%= config.bin %> auth status --profile staging --output json']

  protected async act() {
    const s = await this.settings()
    for (const o of s.overridden)
      writeErr(`${warningLabel()} ${o.by} replaces the ${o.what} saved in profile "${s.profile}"`)
    const known = {
      profile: s.profile,
      profile_source: s.profileSource,
      base_url: s.baseUrl ?? null,
      base_url_source: s.baseUrlSource ?? null,
      token_source: s.tokenSource ?? null,
      token_store: s.tokenSource ? STORES[s.tokenSource] : null,
      policy: readPolicy(s.profile, s.saved.policy),
    }
    const policyLine = `policy:   ${describePolicy(known.policy).join('; ')}`
    const lines = [
      `profile:  ${known.profile} (${PICKED[s.profileSource]})`,
      `base URL: ${known.base_url ?? 'none'}${s.baseUrl ? ` (from ${from(s.baseUrlSource, s)})` : ''}`,
    ]
    let who: PingResult
    try {
      who = await this.check(s)
    } catch (error) {
      // What is known is printed all the same; the error, thrown on, is the last line (stderr).
      const failure = error instanceof CliError ? error.toDocument().error : {message: String(error)}
      const rejected = error instanceof CliError && error.exitCode === ExitCode.auth && Boolean(s.token)
      const result = {
        ...known,
        token_valid: rejected ? false : null,
        company_name: null,
        user_name: null,
        error: failure,
      }
      const text = [...lines, `token:    ${tokenState(s, rejected)}`, policyLine].join('\n')
      await this.out.local({kind: 'local', result, text})
      throw error
    }
    const result = {
      ...known,
      token_valid: true,
      company_name: who.company_name ?? null,
      user_name: who.user_name ?? null,
    }
    const text = [
      ...lines,
      `token:    valid (from ${tokenFrom(s)})`,
      // Names from the upstream: its control characters shown escaped, even its colours.
      `company:  ${upstreamText(result.company_name ?? '')}`,
      `user:     ${upstreamText(result.user_name ?? '')}`,
      policyLine,
    ].join('\n')
    return {result, text}
  }

  /** GET /ping with the token; no token is exit 4 before anything is sent. */
  private async check(s: Settings): Promise<PingResult> {
    if (!s.token && s.tokenUnreadable) throw s.tokenUnreadable
    if (!s.token)
      throw new CliError(
        s.tokenWithheld ?? `not logged in (profile "${s.profile}"): set CLI_API_TOKEN or run "cli auth login"`,
        ExitCode.auth,
      )
    const client = await this.client(s)
    try {
      return await ping(client)
    } finally {
      client.close()
    }
  }
}
