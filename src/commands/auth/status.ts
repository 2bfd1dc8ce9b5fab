import {CliError, ExitCode, type Settings, warningLabel, writeErr} from '@invoicing-cli/core/internal'

import {AuthCommand, networkAuthFlags} from './auth-command.js'
import {ping} from './ping.js'

/** Where a value came from, in words: `CLI_BASE_URL`, `profile "work"`. */
const from = (source: string | undefined, s: Settings): string => (source === 'profile' ? `profile "${s.profile}"` : (source ?? 'nowhere'))

const PICKED: Record<Settings['profileSource'], string> = {
  '--profile': 'from --profile',
  CLI_PROFILE: 'from CLI_PROFILE',
  'active profile': 'the active profile',
  default: 'the default: no active profile saved',
}

export default class Status extends AuthCommand {
  static summary = 'Show which profile, base URL and token are in use, where each comes from, and whether the token works (never the token).'
  static description = `Calls GET /api/v1/ping. Warns when the environment (CLI_BASE_URL, CLI_API_TOKEN) or --base-url replaces what the profile saved. Exit 4 when no token is configured or the upstream rejects it.`
  static baseFlags = networkAuthFlags
  static examples = ['<%= config.bin %> auth status', '<%= config.bin %> auth status --profile staging --output json']

  protected async act() {
    const s = await this.settings()
    for (const o of s.overridden) writeErr(`${warningLabel()} ${o.by} replaces the ${o.what} saved in profile "${s.profile}"`)
    if (!s.token) throw new CliError(s.tokenWithheld ?? `not logged in (profile "${s.profile}"): set CLI_API_TOKEN or run "cli auth login"`, ExitCode.auth)
    const client = await this.client(s)
    let who
    try {
      who = await ping(client)
    } finally {
      client.close()
    }
    const result = {
      profile: s.profile,
      profile_source: s.profileSource,
      base_url: s.baseUrl ?? null,
      base_url_source: s.baseUrlSource ?? null,
      token_source: s.tokenSource ?? null,
      token_valid: true,
      company_name: who.company_name ?? null,
      user_name: who.user_name ?? null,
    }
    const text = [
      `profile:  ${result.profile} (${PICKED[s.profileSource]})`,
      `base URL: ${result.base_url} (from ${from(s.baseUrlSource, s)})`,
      `token:    valid (from ${from(s.tokenSource, s)})`,
      `company:  ${result.company_name ?? ''}`,
      `user:     ${result.user_name ?? ''}`,
    ].join('\n')
    return {result, text}
  }
}
