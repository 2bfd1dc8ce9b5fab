/**
 * Debian's Chromium for the browser tests: found on PATH, else installed with apt-get (as root, with Debian's
 * package index reachable, as in CI). When neither works, the reason, for the test to say.
 */
import {execFile, spawnSync} from 'node:child_process'
import {existsSync} from 'node:fs'

/** The flags Chromium needs here: no sandbox (root), no GPU, and none of its own network traffic. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

const found = (): string | undefined =>
  ['chromium', 'chromium-browser']
    .map((name) => spawnSync('sh', ['-c', `command -v ${name}`], {encoding: 'utf8'}).stdout.trim())
    .find((path) => path && existsSync(path))

/** apt-get with `args`: whether it worked, and its last line of complaint. */
const aptGet = (args: string[]): Promise<{ok: boolean; said: string}> =>
  new Promise((resolve) => {
    const env = {...process.env, DEBIAN_FRONTEND: 'noninteractive'}
    execFile('apt-get', args, {env, timeout: 10 * 60_000, maxBuffer: 64 << 20}, (error, _stdout, stderr) =>
      resolve({ok: !error, said: `${stderr}\n${error?.message ?? ''}`.trim().split('\n').at(-1) ?? ''}),
    )
  })

/** Chromium's path, installing it when missing; or why there is none. */
export async function ensureChromium(): Promise<{path: string} | {reason: string}> {
  const present = found()
  if (present) return {path: present}
  if (process.platform !== 'linux' || !existsSync('/usr/bin/apt-get'))
    return {reason: 'Chromium is not installed and there is no apt-get to install it with'}
  if (process.getuid?.() !== 0)
    return {reason: 'Chromium is not installed; apt-get needs root (apt-get install chromium)'}
  const update = await aptGet(['update'])
  if (!update.ok) return {reason: `apt-get update failed: ${update.said}`}
  const install = await aptGet(['install', '-y', '--no-install-recommends', 'chromium'])
  if (!install.ok) return {reason: `apt-get install chromium failed: ${install.said}`}
  return found() ? {path: found()!} : {reason: 'apt-get installed chromium, but no chromium is on PATH'}
}
