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
  if (range === undefined) return undefined
  if ((plainRangeTakes(range, version) ?? (await semverTakes(range, version))) !== false) return undefined
  return (
    `${plugin.name ?? 'a plugin'} was written for ${CORE} ${range}, and this cli has ${version}: its commands may ` +
    'fail (update the plugin, or the CLI)'
  )
}

/**
 * Whether a range of semver's takes the version (includePrerelease, as npm matches a peer), or undefined where
 * the range is not one (a path, a tarball or a tag such as file:... or latest says nothing about versions).
 */
async function semverTakes(range: string, version: string): Promise<boolean | undefined> {
  // Two of semver's functions rather than its index, which loads all ≈50 of its modules.
  const [{default: validRange}, {default: satisfies}] = await Promise.all([
    import('semver/ranges/valid.js'),
    import('semver/functions/satisfies.js'),
  ])
  if (validRange(range) === null) return undefined
  return satisfies(version, range, {includePrerelease: true})
}

const NUMBER = '(0|[1-9]\\d{0,14})'
const PLAIN_VERSION = new RegExp(`^${NUMBER}\\.${NUMBER}\\.${NUMBER}$`)
const PLAIN_RANGE = new RegExp(`^(\\^|~|>=)?${NUMBER}\\.${NUMBER}\\.${NUMBER}$`)

/**
 * What semverTakes answers, for the ranges a plugin usually declares (`*`, `^1.2.3`, `~1.2.3`, `>=1.2.3`, `1.2.3`)
 * and a version without a prerelease, worked out without loading semver (≈5 ms of a plugin command's start);
 * undefined for any other range or version. test/core-range.test.ts holds it to semver's answers.
 */
export function plainRangeTakes(range: string, version: string): boolean | undefined {
  const v = PLAIN_VERSION.exec(version)?.slice(1).map(Number)
  if (!v) return undefined
  const wanted = range.trim()
  if (wanted === '' || wanted === '*' || wanted === 'x' || wanted === 'X') return true
  const r = PLAIN_RANGE.exec(wanted)
  if (!r) return undefined
  const [op, ...from] = [r[1] ?? '', ...r.slice(2).map(Number)]
  const order = v[0] - from[0] || v[1] - from[1] || v[2] - from[2]
  if (op === '') return order === 0
  if (order < 0) return false
  if (op === '>=') return true
  // ~ keeps the minor; ^ keeps the leftmost non-zero part (^0.0.3 takes only 0.0.3).
  const kept = op === '~' ? 2 : from[0] > 0 ? 1 : from[1] > 0 ? 2 : 3
  return v.slice(0, kept).every((n, i) => n === from[i])
}
