/**
 * A team's plugin as docs/plugins.md makes it, in a temporary folder outside the repository: `cli plugins new`, the
 * core packed with `npm pack` and installed from that tarball, the plugin built with tsc. npm works offline, with a
 * cache of its own: it installs only from the local tarballs (a test must not depend on a registry).
 */
import {mkdtempSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

import {expect} from 'chai'

import {baseEnv, npmCommand, ROOT, runCli, runProcess} from './cli.js'

export interface TeamPlugin {
  /** The temporary folder: the plugin is `dir/acme`, the core's tarball beside it. */
  dir: string
  plugin: string
  home: string
  /** The variables every run gets: npm offline, with its own cache. */
  env: Record<string, string>
  cleanup: () => void
}

/** npm never reaches a registry, whatever a plugin command would make it do. */
export const offlineNpm = (dir: string): Record<string, string> => ({
  npm_config_cache: join(dir, 'npm-cache'),
  npm_config_offline: 'true',
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
})

/** Runs a program in `cwd` with `env` (the home's PATH, HOME and XDG folders; npm offline). */
export const run = (command: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) =>
  runProcess(command, args, {cwd, env})

/** `cli plugins new acme`, the core from its tarball, `tsc`: what the tutorial's first steps do. */
export async function makeTeamPlugin(): Promise<TeamPlugin> {
  const dir = mkdtempSync(join(tmpdir(), 'cli-team-'))
  const home = join(dir, 'home')
  const env = {...baseEnv(home), ...offlineNpm(dir)}
  const plugin = join(dir, 'acme')
  const made = await runCli(['plugins', 'new', 'acme', '--dir', plugin], {home, env})
  expect(made.code, made.stderr).to.equal(0)
  expect(made.stdout).to.include(`Wrote invoicing-cli-plugin-acme in ${plugin}. Next:`)
  const npm = (args: string[], cwd: string) => run(...npmCommand(args), cwd, {...process.env, ...env})
  const pack = await npm(['pack', join(ROOT, 'packages', 'core'), '--pack-destination', dir], dir)
  expect(pack.code, pack.stderr).to.equal(0)
  const tarball = readdirSync(dir).find((f) => /^invoicing-cli-core-.*\.tgz$/.test(f))
  expect(tarball, pack.stdout).to.be.a('string')
  const install = await npm(['install', '--save-dev', join(dir, tarball!)], plugin)
  expect(install.code, install.stderr).to.equal(0)
  // The compiler the CLI builds with: TypeScript needs no registry either.
  const tsc = await run(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', plugin],
    plugin,
    env,
  )
  expect(tsc.code, tsc.stdout).to.equal(0)
  return {dir, plugin, home, env, cleanup: () => rmSync(dir, {recursive: true, force: true})}
}
