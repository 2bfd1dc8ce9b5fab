import {Flags} from '@oclif/core'
import {
  CliError,
  ExitCode,
  forgetProfileToken,
  loadConfig,
  profileName,
  updateConfig,
  writeErr,
} from '@invoicing-cli/core/internal'

import {AuthCommand} from './auth-command.js'

/** Nothing to remove is no success (exit 5): a script learns the profile it named was not there. */
const nothingRemoved = (profile?: string): CliError =>
  new CliError(
    profile === undefined
      ? 'no profile is saved: nothing was removed'
      : `no profile "${profile}" is saved: nothing was removed (cli auth list shows the saved ones)`,
    ExitCode.incomplete,
  )

export default class Logout extends AuthCommand {
  static summary = 'Remove a profile (its base URL and token) from the config file, and its token from the OS keychain.'
  static description =
    'Sends nothing upstream: the token itself stays valid until it is revoked in the web app. A token kept in the ' +
    'OS keychain (auth login --keychain) is removed there first; when no keychain answers nothing is removed (exit 2).'
  static examples = [
    '<%= config.bin %> auth logout',
    '<%= config.bin %> auth logout --profile staging',
    '<%= config.bin %> auth logout --all',
  ]

  static flags = {
    all: Flags.boolean({
      summary: 'Remove every saved profile, each with its token (what uninstalling should do first).',
      exclusive: ['profile'],
    }),
  }

  protected async act() {
    if (this.flags.all) return this.removeAll()
    const before = await loadConfig(this.config.configDir)
    const named = profileName({flagProfile: this.flags.profile as string | undefined}, before)
    if (!Object.hasOwn(before.profiles, named)) throw nothingRemoved(named)
    await forgetProfileToken(named, before.profiles[named], 'throw')
    let profile = ''
    let removed = false
    await updateConfig(this.config.configDir, (config) => {
      profile = profileName({flagProfile: this.flags.profile as string | undefined}, config)
      removed = Object.hasOwn(config.profiles, profile)
      delete config.profiles[profile]
      if (config.active === profile) delete config.active
      return removed
    })
    if (!removed) throw nothingRemoved(profile)
    if (process.env.CLI_API_TOKEN) writeErr('note: CLI_API_TOKEN is still set in this environment and still applies')
    return {result: {profile, removed}, text: `Logged out: profile "${profile}" removed`}
  }

  /** Every profile gone (and with them every saved token, the keychain's first); the config file stays, empty. */
  private async removeAll() {
    const before = await loadConfig(this.config.configDir)
    if (Object.keys(before.profiles).length === 0) throw nothingRemoved()
    for (const [name, saved] of Object.entries(before.profiles)) await forgetProfileToken(name, saved, 'throw')
    let removed: string[] = []
    await updateConfig(this.config.configDir, (config) => {
      removed = Object.keys(config.profiles)
      config.profiles = {}
      delete config.active
      return removed.length > 0
    })
    const n = removed.length
    if (n === 0) throw nothingRemoved()
    if (process.env.CLI_API_TOKEN) writeErr('note: CLI_API_TOKEN is still set in this environment and still applies')
    return {
      result: {profiles: removed, removed: true},
      text: `Logged out: ${n} profile${n === 1 ? '' : 's'} removed (${removed.join(', ')})`,
    }
  }
}
