/**
 * Tokens in the OS keychain (macOS Keychain, Windows Credential Manager, a Secret Service on Linux) through
 * @napi-rs/keyring, an optional dependency loaded only when a profile keeps its token there. On Linux the entry is
 * pinned to the Secret Service: the library would otherwise fall back, silently, to the kernel keyring, which
 * forgets everything at reboot. No keychain answering is exit 2, never a quiet move to the config file.
 */
import {CliError, ExitCode} from '../errors.js'
import {warningLabel} from '../output/color.js'
import {writeErr} from '../output/write.js'

/** The keychain's service name; the account is the profile's name. */
export const KEYCHAIN_SERVICE = 'invoicing-cli'

interface KeyEntry {
  setPassword(password: string): void
  getPassword(): string | null
  deleteCredential(): boolean
}
type EntryClass = new (service: string, account: string, options?: {linux?: {store?: string}}) => KeyEntry

let loaded: Promise<EntryClass> | undefined

/** One line of a native error: the library's messages can span several. */
const oneLine = (error: unknown): string =>
  String((error as Error)?.message ?? error)
    .split('\n')[0]
    .slice(0, 200)

async function entryFor(profile: string, doing: string): Promise<KeyEntry> {
  loaded ??= import('@napi-rs/keyring').then((m) => (m.Entry ?? m.default?.Entry) as unknown as EntryClass)
  let Entry: EntryClass
  try {
    Entry = await loaded
  } catch (error) {
    loaded = undefined
    throw keychainError(doing, `@napi-rs/keyring could not be loaded (${oneLine(error)})`)
  }
  try {
    return new Entry(KEYCHAIN_SERVICE, profile, {linux: {store: 'secret-service'}})
  } catch (error) {
    throw keychainError(doing, oneLine(error))
  }
}

function keychainError(doing: string, why: string): CliError {
  return new CliError(
    `no OS keychain answered while ${doing} (${why}): start the keychain service (on Linux a Secret Service such ` +
      'as gnome-keyring), or log in without --keychain to keep the token in the config file (mode 0600)',
    ExitCode.usage,
  )
}

/** Whether a keychain answers, asked before a login reads the token: exit 2 when none does, nothing sent. */
export async function checkKeychain(profile: string): Promise<void> {
  await entryFor(profile, `opening the OS keychain for profile "${profile}"`)
}

/** Saves the profile's token in the keychain; exit 2 when no keychain answers (nothing is saved then). */
export async function saveKeychainToken(profile: string, token: string): Promise<void> {
  const doing = `saving the token of profile "${profile}"`
  const entry = await entryFor(profile, doing)
  try {
    entry.setPassword(token)
  } catch (error) {
    throw keychainError(doing, oneLine(error))
  }
}

/** The profile's token from the keychain: undefined when it holds none; exit 2 when no keychain answers. */
export async function readKeychainToken(profile: string): Promise<string | undefined> {
  const doing = `reading the token of profile "${profile}"`
  const entry = await entryFor(profile, doing)
  try {
    return entry.getPassword() ?? undefined
  } catch (error) {
    throw keychainError(doing, oneLine(error))
  }
}

/**
 * What a run's settings take from the keychain for a profile that keeps its token there: the token; else why there is
 * none (exit 4 when a request needs it); else the keychain's failure to answer (exit 2 when a request needs it).
 */
export async function keychainSettings(
  profile: string,
): Promise<{token: string; tokenSource: 'keychain'} | {tokenWithheld: string} | {tokenUnreadable: CliError}> {
  try {
    const token = await readKeychainToken(profile)
    if (token) return {token, tokenSource: 'keychain'}
    return {
      tokenWithheld:
        `the OS keychain holds no token for profile "${profile}": ` +
        `log in again with "cli auth login --keychain --profile ${profile}"`,
    }
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    return {tokenUnreadable: error}
  }
}

/** Removes the profile's token from the keychain; false when it held none. Exit 2 when no keychain answers. */
export async function deleteKeychainToken(profile: string): Promise<boolean> {
  const doing = `removing the token of profile "${profile}"`
  const entry = await entryFor(profile, doing)
  try {
    return entry.deleteCredential()
  } catch (error) {
    throw keychainError(doing, oneLine(error))
  }
}

/**
 * A profile being logged out or logged in again with its token in the file: its keychain entry goes. Logout throws
 * when the keychain does not answer (nothing is removed then); a new login only warns, the old entry staying.
 */
export async function forgetProfileToken(
  profile: string,
  saved: {token_store?: string} | undefined,
  onFailure: 'throw' | 'warn',
): Promise<void> {
  if (saved?.token_store !== 'keychain') return
  try {
    await deleteKeychainToken(profile)
  } catch (error) {
    if (onFailure === 'throw' || !(error instanceof CliError)) throw error
    writeErr(`${warningLabel()} the token of profile "${profile}" stays in the OS keychain: ${error.message}`)
  }
}
