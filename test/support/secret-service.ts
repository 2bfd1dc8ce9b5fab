/**
 * A real Secret Service for the keychain tests: Debian's gnome-keyring on a private D-Bus session
 * (dbus-run-session), unlocked with a throwaway password in a throwaway home. Installed with apt-get when it is
 * missing and this runs as root (as CI does); where it cannot be had, why not, for the test output to say.
 */
import {execFileSync, spawn, type ChildProcess} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

export interface SecretService {
  /** DBUS_SESSION_BUS_ADDRESS of the private session the service answers on. */
  address: string
  stop: () => void
}

const has = (command: string): boolean => {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], {stdio: 'ignore'})
    return true
  } catch {
    return false
  }
}

/** gnome-keyring and dbus-run-session, installed when missing; the reason when they cannot be. */
function ensureInstalled(): string | undefined {
  if (has('gnome-keyring-daemon') && has('dbus-run-session')) return undefined
  if (process.getuid?.() !== 0 || !has('apt-get'))
    return 'gnome-keyring or dbus-run-session is missing, and apt-get cannot install them here (not root, or no apt)'
  const env = {...process.env, DEBIAN_FRONTEND: 'noninteractive'}
  const install = () =>
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'gnome-keyring', 'dbus'], {
      env,
      stdio: 'ignore',
    })
  try {
    install()
  } catch {
    try {
      execFileSync('apt-get', ['update'], {env, stdio: 'ignore'})
      install()
    } catch (error) {
      return `apt-get could not install gnome-keyring (${(error as Error).message.split('\n')[0]})`
    }
  }
  return has('gnome-keyring-daemon') ? undefined : 'gnome-keyring-daemon is still missing after apt-get install'
}

/** Starts gnome-keyring's Secret Service on a D-Bus session of its own; a string says why it could not. */
export async function startSecretService(): Promise<SecretService | string> {
  const missing = ensureInstalled()
  if (missing) return missing
  const home = mkdtempSync(join(tmpdir(), 'cli-keyring-'))
  // The shell prints the session's address once the keyring is unlocked, then waits on stdin: closing it ends the
  // session (and the daemon with its bus).
  const script =
    'printf %s throwaway | gnome-keyring-daemon --unlock --components=secrets >/dev/null && ' +
    'echo "$DBUS_SESSION_BUS_ADDRESS" && exec cat >/dev/null'
  const child: ChildProcess = spawn('dbus-run-session', ['--', 'sh', '-c', script], {
    env: {PATH: process.env.PATH ?? '', HOME: home, XDG_DATA_HOME: join(home, 'share'), LANG: 'C.UTF-8'},
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  const stop = () => {
    child.stdin?.end()
    rmSync(home, {recursive: true, force: true})
  }
  const address = await new Promise<string | undefined>((resolve) => {
    let out = ''
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString()
      if (out.includes('\n')) resolve(out.split('\n')[0].trim())
    })
    child.on('close', () => resolve(undefined))
    child.on('error', () => resolve(undefined))
  })
  if (!address) {
    stop()
    return 'dbus-run-session with gnome-keyring-daemon did not start'
  }
  return {address, stop}
}
