/** Profiles in the config file, and how the base URL and token are resolved for one run. */
import {warningLabel} from '../output/color.js'
import {readFileSync, statSync} from 'node:fs'
import {chmod, mkdir, open, rename, rm, stat} from 'node:fs/promises'
import {join} from 'node:path'

import {withFileLock} from './config-lock.js'
import {keychainSettings} from './keychain.js'
import {trackTempFile, untrackTempFile} from '../interrupt.js'
import {CliError, ExitCode, shown, usageError} from '../errors.js'
import {FORBIDDEN_SEGMENTS} from '../input/json-limits.js'
import {writeErr} from '../output/write.js'
import {normalizeBaseUrl} from '../plan/request.js'
import {nearest} from '../suggest.js'

export interface Profile {
  base_url?: string
  /** The token, when the profile keeps it in this file. */
  token?: string
  /** Where the profile's token lives: the OS keychain (`auth login --keychain`), else this file. */
  token_store?: 'keychain' | 'file'
  /** The profile's policy (policy/policy.ts): what changes it may make. */
  policy?: Record<string, unknown>
}

/** Where a saved profile keeps its token. */
export const tokenStoreOf = (p: Profile | undefined): 'keychain' | 'file' =>
  p?.token_store === 'keychain' ? 'keychain' : 'file'

export interface ConfigFile {
  active?: string
  profiles: Record<string, Profile>
  /** Keys this version does not know (a newer version's settings): kept as they are on the next save. */
  [key: string]: unknown
}

/** Dry runs work with no configuration at all: they show requests against this placeholder. */
export const PLACEHOLDER_BASE_URL = 'https://invoicing.example'
export const DEFAULT_PROFILE = 'default'

export const configFilePath = (configDir: string): string => join(configDir, 'config.json')

const warned = new Set<string>()

/**
 * Reads the config file; the first read of a file that others may read says so on stderr. Read synchronously:
 * every command reads it first, and a small file is read sooner so than through node:fs/promises (≈1.5 ms to load).
 */
export async function loadConfig(configDir: string): Promise<ConfigFile> {
  const path = configFilePath(configDir)
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {profiles: Object.create(null)}
    throw new CliError(`cannot read config file ${path}: ${(error as Error).message}`, ExitCode.usage)
  }
  if (!warned.has(path) && isReadableByOthers(path)) {
    warned.add(path)
    writeErr(`${warningLabel()} ${path} is readable by other users, and it holds API tokens: run chmod 600 ${path}`)
  }
  try {
    const parsed = JSON.parse(text) as Partial<ConfigFile>
    // Without a prototype: a profile named like an inherited property (toString) is just absent.
    const profiles: Record<string, Profile> = Object.create(null)
    if (parsed.profiles && typeof parsed.profiles === 'object') Object.assign(profiles, parsed.profiles)
    // Unknown keys are kept for the next save (spread defines own properties: no prototype is reached).
    return {...parsed, active: parsed.active, profiles}
  } catch {
    throw new CliError(
      `config file ${path} is not valid JSON: fix it, or delete it and run "cli auth login"`,
      ExitCode.usage,
    )
  }
}

/**
 * Writes the config with mode 0600 inside a 0700 directory, atomically: a temporary file created exclusively
 * (O_EXCL: a link planted at its name is never followed), then renamed. On any failure (a full disk) the
 * temporary file is removed and the old config stays.
 */
export async function saveConfig(configDir: string, config: ConfigFile): Promise<string> {
  await mkdir(configDir, {recursive: true, mode: 0o700})
  await warnWorldWritable(configDir)
  const path = configFilePath(configDir)
  const {randomBytes} = await import('node:crypto')
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  let created = false
  try {
    const handle = await open(tmp, 'wx', 0o600)
    created = true
    trackTempFile(tmp)
    await handle.writeFile(`${JSON.stringify(config, null, 2)}\n`).finally(() => handle.close())
    await chmod(tmp, 0o600)
    await rename(tmp, path)
    created = false
  } catch (error) {
    throw new CliError(`cannot save config file ${path}: ${(error as Error).message}`, ExitCode.usage)
  } finally {
    if (created) await rm(tmp, {force: true})
    untrackTempFile(tmp)
  }
  return path
}

/** A config folder others may write to: they could swap the file. Said once per run. */
async function warnWorldWritable(dir: string): Promise<void> {
  const mode = (await stat(dir).catch(() => undefined))?.mode ?? 0
  if ((mode & 0o002) === 0 || warned.has(dir)) return
  warned.add(dir)
  writeErr(`${warningLabel()} ${dir} can be written by other users: run chmod 700 ${dir}`)
}

/**
 * Reads, changes and writes the config under its lock, so that concurrent logins and logouts
 * (to different profiles) all keep their change. `change` returns false to write nothing.
 */
export async function updateConfig(configDir: string, change: (config: ConfigFile) => boolean | void): Promise<string> {
  const path = configFilePath(configDir)
  return withFileLock(path, configDir, async () => {
    const config = await loadConfig(configDir)
    return change(config) === false ? path : saveConfig(configDir, config)
  })
}

/** True when the file can be read by group or others. */
export function isReadableByOthers(path: string): boolean {
  try {
    return (statSync(path).mode & 0o077) !== 0
  } catch {
    return false
  }
}

export interface Settings {
  profile: string
  /** What picked the profile. */
  profileSource: ProfileSource
  /** The saved profile's values that the environment or a flag replaced (auth status warns). */
  overridden: Array<{what: 'base URL' | 'token'; by: string}>
  baseUrl?: string
  baseUrlSource?: '--base-url' | 'CLI_BASE_URL' | 'profile'
  token?: string
  tokenSource?: 'CLI_API_TOKEN' | 'profile' | 'keychain'
  /** Why the profile's token is not used (the base URL was overridden): the exit-4 message. */
  tokenWithheld?: string
  /** The profile's token could not be read (no keychain answered): thrown when a request needs it. */
  tokenUnreadable?: CliError
  /** The profile as saved (its policy among it). */
  saved: Profile
  password?: string
}

/** Two base URLs that name the same server root; an unparsable one matches nothing. */
function sameBaseUrl(a: string | undefined, b: string | undefined): boolean {
  if (a === undefined || b === undefined) return false
  try {
    return normalizeBaseUrl(a) === normalizeBaseUrl(b)
  } catch {
    return false
  }
}

export interface SettingsInput {
  configDir: string
  flagBaseUrl?: string
  flagProfile?: string
  env?: NodeJS.ProcessEnv
}

export type ProfileSource = '--profile' | 'CLI_PROFILE' | 'active profile' | 'default'

/** The profile a command uses and what picked it: --profile, else CLI_PROFILE, else the active one, else "default". */
export function pickProfile(
  input: Pick<SettingsInput, 'flagProfile' | 'env'>,
  config: ConfigFile,
): {name: string; source: ProfileSource} {
  const env = input.env ?? process.env
  if (input.flagProfile === '') throw usageError('--profile must not be empty: give a profile name')
  const picked: {name: string; source: ProfileSource} = input.flagProfile
    ? {name: input.flagProfile, source: '--profile'}
    : env.CLI_PROFILE
      ? {name: env.CLI_PROFILE, source: 'CLI_PROFILE'}
      : config.active
        ? {name: config.active, source: 'active profile'}
        : {name: DEFAULT_PROFILE, source: 'default'}
  if (FORBIDDEN_SEGMENTS.has(picked.name))
    throw usageError(
      `profile name ${shown(picked.name)} is not allowed (it names a JavaScript internal): choose another`,
    )
  return picked
}

export function profileName(input: Pick<SettingsInput, 'flagProfile' | 'env'>, config: ConfigFile): string {
  return pickProfile(input, config).name
}

/**
 * A profile named by --profile or CLI_PROFILE must be saved: a typo (`prodd`) would otherwise run
 * against whatever the environment names. Exit 2 naming it and the saved ones; nothing is sent.
 */
export function requireSavedProfile(name: string, source: string, config: ConfigFile): void {
  if (Object.hasOwn(config.profiles, name)) return
  const known = Object.keys(config.profiles)
  const near = nearest(name, known)
  const saved =
    known.length > 0
      ? `saved profiles: ${known.join(', ')}`
      : `no profile is saved yet: "cli auth login --profile ${name}" saves one`
  throw usageError(`profile "${name}" (${source}) is not saved${near ? `; did you mean ${near}?` : ''} (${saved})`)
}

/**
 * Base URL: --base-url, else CLI_BASE_URL, else the profile. Token: CLI_API_TOKEN, else the OS keychain when the
 * profile keeps it there, else the config file (never a flag: it would show in `ps` and shell history). A profile's
 * token goes only to that profile's base URL: with the URL overridden, only CLI_API_TOKEN is used.
 */
export async function resolveSettings(input: SettingsInput): Promise<Settings> {
  const env = input.env ?? process.env
  const config = await loadConfig(input.configDir)
  const {name: profile, source} = pickProfile(input, config)
  if (source === '--profile' || source === 'CLI_PROFILE') requireSavedProfile(profile, source, config)
  const stored = config.profiles[profile] ?? {}
  const settings: Settings = {profile, profileSource: source, overridden: [], saved: stored}
  const inKeychain = tokenStoreOf(stored) === 'keychain'
  if (input.flagBaseUrl !== undefined)
    Object.assign(settings, {baseUrl: input.flagBaseUrl, baseUrlSource: '--base-url'})
  else if (env.CLI_BASE_URL) Object.assign(settings, {baseUrl: env.CLI_BASE_URL, baseUrlSource: 'CLI_BASE_URL'})
  else if (stored.base_url) Object.assign(settings, {baseUrl: stored.base_url, baseUrlSource: 'profile'})
  if (env.CLI_API_TOKEN) Object.assign(settings, {token: env.CLI_API_TOKEN, tokenSource: 'CLI_API_TOKEN'})
  else if (
    (stored.token || inKeychain) &&
    settings.baseUrlSource !== 'profile' &&
    !sameBaseUrl(settings.baseUrl, stored.base_url)
  ) {
    settings.tokenWithheld =
      `the token of profile "${profile}" is sent only to its base URL ${stored.base_url ?? '(none saved)'}, ` +
      `and ${settings.baseUrlSource} names ${settings.baseUrl}: ` +
      'set CLI_API_TOKEN to a token for that server, or log in to it with "cli auth login --profile NAME"'
  } else if (inKeychain) Object.assign(settings, await keychainSettings(profile))
  else if (stored.token) Object.assign(settings, {token: stored.token, tokenSource: 'profile'})
  if (env.CLI_API_PASSWORD) settings.password = env.CLI_API_PASSWORD
  if (stored.base_url && settings.baseUrlSource !== 'profile' && !sameBaseUrl(settings.baseUrl, stored.base_url))
    settings.overridden.push({what: 'base URL', by: settings.baseUrlSource!})
  if (stored.token && settings.tokenSource && settings.tokenSource !== 'profile' && settings.token !== stored.token)
    settings.overridden.push({what: 'token', by: settings.tokenSource})
  return settings
}
