import {CliError, ExitCode} from '@invoicing-cli/core'

import {AuthCommand} from './auth-command.js'
import {ping} from './ping.js'

export default class Status extends AuthCommand {
  static summary = 'Show which profile and base URL are in use, and whether the token works (never the token).'
  static description = `Calls GET /api/v1/ping. Exit 4 when no token is configured or the upstream rejects it.`
  static examples = ['<%= config.bin %> auth status', '<%= config.bin %> auth status --profile staging --output json']

  protected async act() {
    const s = await this.settings()
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
      base_url: s.baseUrl ?? null,
      base_url_source: s.baseUrlSource ?? null,
      token_source: s.tokenSource ?? null,
      token_valid: true,
      company_name: who.company_name ?? null,
      user_name: who.user_name ?? null,
    }
    const text = [
      `profile:  ${result.profile}`,
      `base URL: ${result.base_url} (from ${result.base_url_source})`,
      `token:    valid (from ${result.token_source})`,
      `company:  ${result.company_name ?? ''}`,
      `user:     ${result.user_name ?? ''}`,
    ].join('\n')
    return {result, text}
  }
}
