/** Builds every resource command from the registry: one class per family and verb. */
import type {Command} from '@oclif/core'

import {routeOf, examplesOf, summaryOf} from './help.js'
import {type Family, VERBS, type Verb} from '../../registry/types.js'
import {DownloadVerb, UploadVerb} from './file-verbs.js'
import {ActionVerb, BulkVerb, CreateVerb, DeleteVerb, UpdateVerb} from './verbs.js'
import {EditTemplateVerb, ListVerb, ShowVerb, TemplateVerb} from './read-verbs.js'
import {filterHelp} from './list-filters.js'
import {lazyTable} from './lazy-table.js'
import type {Operation} from '../../registry/operations/operation.js'
import {OperationVerb, operationArgs, operationFlags} from './operation-verb.js'

export const VERB_CLASSES = {
  list: ListVerb,
  show: ShowVerb,
  template: TemplateVerb,
  'edit-template': EditTemplateVerb,
  create: CreateVerb,
  update: UpdateVerb,
  delete: DeleteVerb,
  bulk: BulkVerb,
  action: ActionVerb,
  upload: UploadVerb,
  download: DownloadVerb,
} satisfies Record<Verb, unknown>

/** The verbs that take --filter: list, and bulk where the family lists (its records selected by a list query). */
const filtered = (f: Family, verb: Verb): boolean => verb === 'list' || (verb === 'bulk' && f.verbs.has('list'))

/**
 * A static of a command class written when first read (help, the manifest), as a static field would be: enumerable,
 * since oclif copies a command's statics by spreading them. A command that runs never reads its help texts.
 */
function lazyStatic(command: object, name: string, make: () => unknown): void {
  let value: unknown
  let made = false
  Object.defineProperty(command, name, {
    get: () => {
      if (!made) [value, made] = [make(), true]
      return value
    },
    enumerable: true,
    configurable: true,
  })
}

function resourceCommand(f: Family, verb: Verb): Command.Class {
  const Verb = VERB_CLASSES[verb]
  const command = class extends Verb {
    static family = f
    static summary = summaryOf(f, verb)
    static args = Verb.argsFor(f)
    static flags = Verb.flagsFor(f)
  }
  lazyStatic(command, 'examples', () => examplesOf(f, verb))
  // The filter table is sorted with localeCompare, whose ICU collator costs ≈10 ms.
  lazyStatic(
    command,
    'description',
    () => `Calls ${routeOf(f, verb)}.` + (filtered(f, verb) ? `\n\n${filterHelp(f.word, verb === 'list')}` : ''),
  )
  return command as unknown as Command.Class
}

function operationCommand(f: Family, op: Operation): Command.Class {
  const command = class extends OperationVerb {
    static family = f
    static operation = op
    static summary = op.summary
    static description = `Calls ${op.route}.`
    static examples = [...op.examples]
    static args = operationArgs(op)
    static flags = operationFlags(op, f)
  }
  return command as unknown as Command.Class
}

/**
 * `{ 'invoices:list': class, ... }` for oclif's explicit command discovery. Each class is built
 * on first access: a run touches one command, so startup does not build the other ~300. An id is
 * `<family word>:<verb or operation>`, so whether the table has it is asked of the family.
 */
export function resourceCommands(families: readonly Family[]): Record<string, Command.Class> {
  const byWord = new Map(families.map((f) => [f.word, f]))
  const named = (id: string): [Family, string] | undefined => {
    const colon = id.indexOf(':')
    const f = colon > 0 ? byWord.get(id.slice(0, colon)) : undefined
    return f && [f, id.slice(colon + 1)]
  }
  const operation = (f: Family, name: string) => f.operations.find((op) => op.name === name)
  // A verb the upstream does not publish has no command: the not-found hook refuses it (exit 2).
  const verb = (f: Family, name: string) => (VERBS as readonly string[]).includes(name) && f.verbs.has(name as Verb)
  return lazyTable({
    // A verb is asked first (no operation is named as one: test/registry.test.ts), and a name with a colon is no
    // command of the family: its operations (history and bulk menus, their help examples) are worked out only when
    // a run names one of them.
    has: (id) => {
      const found = named(id)
      return found !== undefined && !found[1].includes(':') && (verb(...found) || operation(...found) !== undefined)
    },
    hasTopic: (prefix) => {
      const f = byWord.get(prefix)
      return f !== undefined && (f.verbs.size > 0 || f.operations.length > 0)
    },
    keys: () =>
      families.flatMap((f) => [
        ...VERBS.filter((v) => f.verbs.has(v)).map((v) => `${f.word}:${v}`),
        ...f.operations.map((op) => `${f.word}:${op.name}`),
      ]),
    make: (id) => {
      const [f, name] = named(id)!
      if (verb(f, name)) return resourceCommand(f, name as Verb)
      return operationCommand(f, operation(f, name)!)
    },
  })
}

/** Topic descriptions for package.json's oclif.topics (kept in sync by the build). */
export function resourceTopics(families: readonly Family[]): Record<string, {description: string}> {
  return Object.fromEntries(families.map((f) => [f.word, {description: f.description}]))
}
