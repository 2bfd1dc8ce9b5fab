import {BaseCommand, CliError, configFilePath, ExitCode, isReadableByOthers, type Plan, usageError, writeErr, writeOut} from '@invoicing-cli/core'

import {ping} from './ping.js'

export default class Status extends BaseCommand {
  static summary = 'Show which profile and base URL are in use, and whether the token works (never the token).'
  static description = `Calls GET /api/v1/ping. Exit 4 when no token is configured or the upstream rejects it.`
  static examples = ['<%= config.bin %> auth status', '<%= config.bin %> auth status --profile staging --output json']

  protected async plan(): Promise<Plan> {
    throw new Error('auth status does not plan a request')
  }

  async run(): Promise<unknown> {
    const {flags} = await this.parse(Status)
    this.flags = flags
    if (flags['dry-run']) throw usageError('auth status has no dry run: it only reads the configuration and calls GET /api/v1/ping')
    const s = await this.settings()
    const path = configFilePath(this.config.configDir)
    if (await isReadableByOthers(path)) writeErr(`warning: ${path} is readable by other users: run chmod 600 ${path}`)
    const status: Record<string, unknown> = {
      profile: s.profile,
      base_url: s.baseUrl ?? null,
      base_url_source: s.baseUrlSource ?? null,
      token_source: s.tokenSource ?? null,
    }
    if (!s.token) throw new CliError(`not logged in (profile "${s.profile}"): set CLI_API_TOKEN or run "cli auth login"`, ExitCode.auth)
    const client = await this.client()
    try {
      const who = await ping(client)
      Object.assign(status, {token_valid: true, company_name: who.company_name ?? null, user_name: who.user_name ?? null})
    } finally {
      client.close()
    }
    if (this.json) await writeOut(JSON.stringify(status) + '\n')
    else {
      const lines = [
        `profile:  ${status.profile}`,
        `base URL: ${status.base_url} (from ${status.base_url_source})`,
        `token:    valid (from ${status.token_source})`,
        `company:  ${status.company_name ?? ''}`,
        `user:     ${status.user_name ?? ''}`,
      ]
      await writeOut(lines.join('\n') + '\n')
    }
    return status
  }
}
