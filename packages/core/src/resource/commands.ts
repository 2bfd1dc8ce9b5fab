/** Builds every resource command from the registry: one class per family and verb. */
import type {Command} from '@oclif/core'

import {routeOf, examplesOf, summaryOf} from './help.js'
import {type Family, VERBS, type Verb} from '../registry.js'
import {VERB_CLASSES} from './verbs.js'

function resourceCommand(f: Family, verb: Verb): Command.Class {
  const Verb = VERB_CLASSES[verb]
  const command = class extends Verb {
    static family = f
    static summary = summaryOf(f, verb)
    static description = `Calls ${routeOf(f, verb)}.`
    static examples = examplesOf(f, verb)
    static args = Verb.argsFor(f)
    static flags = Verb.flagsFor(f)
  }
  return command as unknown as Command.Class
}

/**
 * `{ 'invoices:list': class, ... }` for oclif's explicit command discovery. Each class is built
 * on first access: a run touches one command, so startup does not build the other ~380.
 */
export function resourceCommands(families: readonly Family[]): Record<string, Command.Class> {
  const commands: Record<string, Command.Class> = {}
  for (const f of families) {
    for (const verb of VERBS) {
      // A verb the upstream does not publish has no command: the not-found hook refuses it (exit 2).
      if (!f.verbs.has(verb)) continue
      let built: Command.Class | undefined
      Object.defineProperty(commands, `${f.word}:${verb}`, {enumerable: true, get: () => (built ??= resourceCommand(f, verb))})
    }
  }
  return commands
}

/** Topic descriptions for package.json's oclif.topics (kept in sync by the build). */
export function resourceTopics(families: readonly Family[]): Record<string, {description: string}> {
  return Object.fromEntries(families.map((f) => [f.word, {description: f.description}]))
}
