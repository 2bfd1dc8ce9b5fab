/**
 * The command table oclif discovers (package.json: oclif.commands, strategy "explicit"); the fast path
 * (src/fast/run.ts) runs from it too. Every class is made on first read, so a run evaluates the one command
 * it runs: the resource commands' table is lazy (core lazy-table.ts), and the others are accessors beside them
 * that load their module when read (oclif reads them all; the fast path one).
 *
 * The modules load with require(), which only the bundles can run: esbuild (scripts/bundle.js) turns each into
 * a call that evaluates that module, there and then, from the bundle itself. dist/commands.js is never
 * imported unbundled (its only importers are the entries of dist/bundle.js and the fast path's bundles). The fast
 * path's bundle of resource commands (dist/fast-path-resources.cjs) holds none of these modules: each require()
 * there throws CLI_FAST_PATH_FULL, and bin/run.js runs the command line on dist/fast-path.cjs instead.
 */
import type {Command} from '@oclif/core'

import {FAMILIES, hasTopic, resourceCommands} from '@invoicing-cli/core/internal'

/* eslint-disable @typescript-eslint/no-require-imports -- bundled: each require() evaluates its module on read */
type Module = {default: Command.Class}
type Changes = typeof import('@invoicing-cli/core/changes')
const OWN_COMMANDS: Record<string, () => Command.Class> = {
  api: () => (require('./commands/api.js') as Module).default,
  apply: () => (require('@invoicing-cli/core/changes') as Changes).Apply,
  'plan:show': () => (require('@invoicing-cli/core/changes') as Changes).PlanShow,
  history: () => (require('@invoicing-cli/core/changes') as Changes).History,
  undo: () => (require('@invoicing-cli/core/changes') as Changes).Undo,
  backup: () => (require('./commands/backup.js') as Module).default,
  'backup:verify': () => (require('./commands/backup/verify.js') as Module).default,
  'import:csv': () => (require('./commands/import/csv.js') as Module).default,
  statics: () => (require('./commands/statics.js') as Module).default,
  health: () => (require('./commands/health.js') as Module).default,
  reconcile: () => (require('./commands/reconcile.js') as Module).default,
  'emails:failed': () => (require('./commands/emails/failed.js') as Module).default,
  'period-pack': () => (require('./commands/period-pack.js') as Module).default,
  'mcp:serve': () => (require('./commands/mcp/serve.js') as Module).default,
  'mcp:tools': () => (require('./commands/mcp/tools.js') as Module).default,
  'auth:login': () => (require('./commands/auth/login.js') as Module).default,
  'auth:status': () => (require('./commands/auth/status.js') as Module).default,
  'auth:logout': () => (require('./commands/auth/logout.js') as Module).default,
  'auth:list': () => (require('./commands/auth/list.js') as Module).default,
  'auth:switch': () => (require('./commands/auth/switch.js') as Module).default,
  'profile:policy': () => (require('./commands/profile/policy.js') as Module).default,
  'plugins:new': () => {
    const PluginsNew = (require('./commands/plugins/new.js') as typeof import('./commands/plugins/new.js')).default
    PluginsNew.taken = (word) => Object.hasOwn(commands, word) || hasTopic(commands, word)
    return PluginsNew
  },
}
/* eslint-enable @typescript-eslint/no-require-imports */

export const commands = resourceCommands(FAMILIES)

const made = new Map<string, Command.Class>()
for (const [id, make] of Object.entries(OWN_COMMANDS))
  Object.defineProperty(commands, id, {
    get: () => made.get(id) ?? made.set(id, make()).get(id),
    // As a plain property would be: oclif lists the table with Object.entries.
    enumerable: true,
    configurable: true,
  })
