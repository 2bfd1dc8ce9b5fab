import {
  CliError,
  ExitCode,
  loadConfig,
  normalizeBaseUrl,
  profileName,
  updateConfig,
  usageError,
} from '@invoicing-cli/core/internal'

import {AuthCommand, networkAuthFlags} from './auth-command.js'
import {ping} from './ping.js'
import {readSecret} from './prompt.js'

export default class Login extends AuthCommand {
  static summary = 'Save a token for a profile, after checking it with GET /api/v1/ping.'
  static description =
    'The token is read from a hidden prompt on a terminal, or from standard input otherwise (never from a flag: it ' +
    'would show in ps and shell history). The base URL comes from --base-url, CLI_BASE_URL or the profile. The ' +
    'profile is saved in the config file (mode 0600) and becomes the active one.'

  static baseFlags = networkAuthFlags
  static examples = [
    '<%= config.bin %> auth login --base-url https://invoicing.co',
    'printf %s "$TOKEN" | <%= config.bin %> auth login --base-url https://invoicing.example.com --profile staging',
  ]

  protected async act() {
    const config = await loadConfig(this.config.configDir)
    const profile = profileName({flagProfile: this.flags.profile as string | undefined}, config)
    const rawBaseUrl =
      (this.flags['base-url'] as string | undefined) ?? process.env.CLI_BASE_URL ?? config.profiles[profile]?.base_url
    if (!rawBaseUrl) throw usageError('no base URL: pass --base-url https://your-server (the server root)')
    const baseUrl = normalizeBaseUrl(rawBaseUrl)
    const token = (await readSecret('API token: ')).trim()
    if (!token)
      throw new CliError('no token given: paste the API token at the prompt or pipe it on stdin', ExitCode.auth)
    const client = this.connect({baseUrl, token})
    let who
    try {
      who = await ping(client)
    } finally {
      client.close()
    }
    // Read again under the lock: another login may have saved its profile meanwhile.
    const path = await updateConfig(this.config.configDir, (latest) => {
      latest.profiles[profile] = {base_url: baseUrl, token}
      latest.active = profile
    })
    return {
      result: {profile, base_url: baseUrl, company_name: who.company_name, user_name: who.user_name, config_file: path},
      text:
        `Logged in to ${who.company_name ?? baseUrl} as ${who.user_name ?? 'unknown user'}; profile "${profile}" ` +
        `saved in ${path}`,
    }
  }
}
