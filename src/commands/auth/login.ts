import {BaseCommand, CliError, ExitCode, HttpClient, loadConfig, normalizeBaseUrl, type Plan, profileName, saveConfig, usageError, writeErr, writeOut} from '@invoicing-cli/core'

import {ping} from './ping.js'
import {readSecret} from './prompt.js'

export default class Login extends BaseCommand {
  static summary = 'Save a token for a profile, after checking it with GET /api/v1/ping.'
  static description = `The token is read from a hidden prompt on a terminal, or from standard input otherwise (never from a flag: it would show in ps and shell history). The base URL comes from --base-url, CLI_BASE_URL or the profile. The profile is saved in the config file (mode 0600) and becomes the active one.`

  static examples = [
    '<%= config.bin %> auth login --base-url https://invoicing.co',
    'printf %s "$TOKEN" | <%= config.bin %> auth login --base-url https://invoicing.example.com --profile staging',
  ]

  protected async plan(): Promise<Plan> {
    throw new Error('auth login does not plan a request')
  }

  async run(): Promise<unknown> {
    const {flags} = await this.parse(Login)
    this.flags = flags
    if (flags['dry-run']) throw usageError('auth login has no dry run: it only checks a token with GET /api/v1/ping')
    const config = await loadConfig(this.config.configDir)
    const profile = profileName({flagProfile: flags.profile}, config)
    const rawBaseUrl = flags['base-url'] ?? process.env.CLI_BASE_URL ?? config.profiles[profile]?.base_url
    if (!rawBaseUrl) throw usageError('no base URL: pass --base-url https://your-server (the server root)')
    const baseUrl = normalizeBaseUrl(rawBaseUrl)
    const token = (await readSecret('API token: ')).trim()
    if (!token) throw new CliError('no token given: paste the API token at the prompt or pipe it on stdin', ExitCode.auth)
    const client = new HttpClient({baseUrl, token, userAgent: this.userAgent})
    let who
    try {
      who = await ping(client)
    } finally {
      client.close()
    }
    config.profiles[profile] = {base_url: baseUrl, token}
    config.active = profile
    const path = await saveConfig(this.config.configDir, config)
    const result = {profile, base_url: baseUrl, company_name: who.company_name, user_name: who.user_name, config_file: path}
    if (this.json) await writeOut(JSON.stringify(result) + '\n')
    else writeErr(`Logged in to ${who.company_name ?? baseUrl} as ${who.user_name ?? 'unknown user'}; profile "${profile}" saved in ${path}`)
    return result
  }
}
