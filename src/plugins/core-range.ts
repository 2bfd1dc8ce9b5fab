/**
 * Whether a user's plugin was written for the core this CLI holds. A plugin always gets the CLI's loaded core
 * (the core package's entry hands it over, scripts/bundle.js), whichever copy it installed; when the range it
 * declares for @invoicing-cli/core (peerDependencies, else dependencies) does not take this core's version, it
 * still runs, after one warning line. Checked only when a plugin's command runs: semver loads then.
 */
import {readFileSync} from 'node:fs'
import {createRequire} from 'node:module'

export const CORE = '@invoicing-cli/core'

export interface DeclaresCore {
  name?: string
  peerDependencies?: Record<string, string>
  dependencies?: Record<string, string>
}

/** The version of the core the CLI holds (its own copy's package.json). */
export function hostCoreVersion(): string {
  const file = createRequire(import.meta.url).resolve(`${CORE}/package.json`)
  return (JSON.parse(readFileSync(file, 'utf8')) as {version: string}).version
}

/** The warning for a plugin whose declared range does not take `version`; undefined when it does or says none. */
export async function coreRangeWarning(plugin: DeclaresCore, version: string): Promise<string | undefined> {
  const range = plugin.peerDependencies?.[CORE] ?? plugin.dependencies?.[CORE]
  const {default: semver} = await import('semver')
  // A path, a tarball or a tag (file:..., latest) says nothing about versions.
  if (range === undefined || semver.validRange(range) === null) return undefined
  if (semver.satisfies(version, range, {includePrerelease: true})) return undefined
  return (
    `${plugin.name ?? 'a plugin'} was written for ${CORE} ${range}, and this cli has ${version}: its commands may ` +
    'fail (update the plugin, or the CLI)'
  )
}
