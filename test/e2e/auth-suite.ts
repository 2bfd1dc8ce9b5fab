/**
 * The auth suite (auth-*.test.ts): cli auth login / status / logout / list / switch, profiles and the config file,
 * each test with its own home folder and the stand-in; the token is never printed.
 */
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'

import {type CliResult, runCli} from '../support/cli.js'
import {useHome} from '../support/home-suite.js'
import {type UpstreamSuite, useUpstream} from '../support/upstream-suite.js'

export interface AuthSuite {
  suite: UpstreamSuite
  home: ReturnType<typeof useHome>
  /** The config file in the test's home folder. */
  configFile: () => string
  /** `cli auth login` to the stand-in with its token, saving the profile. */
  login: (profile: string) => Promise<CliResult>
  /** A profile saved by hand (login would check it against an upstream that answers). */
  saveProfile: (name: string, baseUrl: string, active?: boolean) => Promise<void>
}

/** Registers the hooks of one stand-in and of a throwaway home folder per test. */
export function useAuthSuite(): AuthSuite {
  const suite = useUpstream()
  const home = useHome()
  const configFile = (): string => join(home.configDir, 'config.json')
  const login = (profile: string) =>
    runCli(['auth', 'login', '--base-url', suite.up.url, '--profile', profile], {
      home: home.home,
      stdin: suite.up.token,
    })
  /** A profile saved by hand (login would check it against an upstream that answers). */
  const saveProfile = async (name: string, baseUrl: string, active = true) => {
    const {mkdirSync, writeFileSync} = await import('node:fs')
    const config = existsSync(configFile()) ? JSON.parse(readFileSync(configFile(), 'utf8')) : {profiles: {}}
    config.profiles[name] = {base_url: baseUrl, token: suite.up.token}
    if (active) config.active = name
    mkdirSync(home.configDir, {recursive: true, mode: 0o700})
    writeFileSync(configFile(), JSON.stringify(config), {mode: 0o600})
  }
  return {suite, home, configFile, login, saveProfile}
}
