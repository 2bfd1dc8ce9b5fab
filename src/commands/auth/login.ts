import {Flags} from '@oclif/core'
import {
  checkKeychain,
  CliError,
  ExitCode,
  forgetProfileToken,
  loadConfig,
  normalizeBaseUrl,
  profileName,
  saveKeychainToken,
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
    'profile is saved in the config file (mode 0600) and becomes the active one. With --keychain the token goes to ' +
    'the OS keychain instead (the config file then records only that it is there); where no keychain answers, ' +
    'nothing is saved (exit 2).'

  static baseFlags = networkAuthFlags
  static flags = {
    keychain: Flags.boolean({
      description: 'Keep the token in the OS keychain (a Secret Service on Linux), not in the config file.',
    }),
  }

  static examples = [
    '<%= config.bin %> auth login --base-url https://invoicing.co',
    '<%= config.bin %> auth login --base-url https://invoicing.co --keychain',
    'printf %s "$TOKEN" | <%= config.bin %> auth login --base-url https://invoicing.example.com --profile staging',
  ]

  protected async act() {
    const config = await loadConfig(this.config.configDir)
    const profile = profileName({flagProfile: this.flags.profile as string | undefined}, config)
    const rawBaseUrl =
      (this.flags['base-url'] as string | undefined) ?? process.env.CLI_BASE_URL ?? config.profiles[profile]?.base_url
    if (!rawBaseUrl) throw usageError('no base URL: pass --base-url https://your-server (the server root)')
    const baseUrl = normalizeBaseUrl(rawBaseUrl)
    const keychain = Boolean(this.flags.keychain)
    if (keychain) await checkKeychain(profile)
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
    // Into the keychain before the config names it there: no keychain answering is exit 2 with nothing saved.
    if (keychain) await saveKeychainToken(profile, token)
    else await forgetProfileToken(profile, config.profiles[profile], 'warn')
    // Read again under the lock: another login may have saved its profile meanwhile. The policy stays.
    const path = await updateConfig(this.config.configDir, (latest) => {
      const {policy} = latest.profiles[profile] ?? {}
      latest.profiles[profile] = keychain
        ? {base_url: baseUrl, token_store: 'keychain', ...(policy && {policy})}
        : {base_url: baseUrl, token, ...(policy && {policy})}
      latest.active = profile
    })
    return {
      result: {
        profile,
        base_url: baseUrl,
        company_name: who.company_name,
        user_name: who.user_name,
        config_file: path,
        token_store: keychain ? 'keychain' : 'file',
      },
      text:
        `Logged in to ${who.company_name ?? baseUrl} as ${who.user_name ?? 'unknown user'}; profile "${profile}" ` +
        `saved in ${path}${keychain ? ', its token in the OS keychain' : ''}`,
    }
  }
}
