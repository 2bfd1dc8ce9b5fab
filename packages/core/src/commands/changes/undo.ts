import {Args, Flags} from '@oclif/core'
import {usageError} from '../../errors.js'
import type {ChangeContext, ChangeSource} from '../../pipeline/change.js'
import {journalEntries, type JournalEntry} from '../../pipeline/journal.js'
import {changedSince, findEntry, undoOf} from '../../pipeline/undo.js'
import {BaseCommand, type Plan} from '../base-command.js'
import {changeFlags} from '../flags.js'

/** `cli undo ENTRY`: the compensating change of a journal entry (core pipeline/undo.ts), a change like any other. */
export default class Undo extends BaseCommand {
  static summary =
    'Undo a change the journal recorded (cli history lists them): a change like any other, --yes sends it.'
  static description =
    "An update is undone by a PUT /api/v1/{family}/{id} of the changed fields' former values; an archive or a " +
    'delete by restore (POST /api/v1/{family}/bulk); a create by DELETE /api/v1/{family}/{id} (archive where the ' +
    'family has no delete); a bulk action by the inverse for each record. Refused ' +
    '(exit 2, saying why): an e-mail sent, a purge, a payment through a gateway or a refund, an action with no ' +
    'inverse, and an entry whose record changed since (unless --force). Reads the record first; --dry-run shows ' +
    'the requests, --save-plan saves them for cli apply.'

  static examples = [
    '<%= config.bin %> history --limit 5',
    '<%= config.bin %> undo 3f9a1c2b7d --dry-run',
    '<%= config.bin %> undo 3f9a1c2b7d --yes',
  ]

  static args = {entry: Args.string({description: 'The journal entry id (or its first characters).', required: true})}
  static flags = {
    ...changeFlags,
    force: Flags.boolean({summary: 'Undo even when the record changed since the entry, overwriting that change.'}),
  }

  static mutating = true

  private entry?: JournalEntry

  /** `undo`; the MCP server's undo says `mcp` (in-process.ts). */
  protected changeSource(): ChangeSource {
    return 'undo'
  }

  protected changeContext(profile: string, baseUrl: string): ChangeContext {
    const e = this.entry!
    return {source: this.changeSource(), profile, baseUrl, family: e.family, verb: `undo ${e.verb}`, undoes: e.id}
  }

  protected async plan(): Promise<Plan> {
    const entry = findEntry(await journalEntries(), this.args.entry ?? '')
    this.entry = entry
    // What cannot be undone is refused before anything is read.
    const undo = undoOf(entry)
    this.checkGuardrail()
    if (!this.flags.force) {
      const changed = await changedSince(undo, (await this.reader()).read)
      if (changed.length > 0)
        throw usageError(
          `${changed.join('; ')}: undo would overwrite that; pass --force to undo entry ${entry.id} anyway`,
        )
    }
    if (undo.requests.length === 1) return {kind: 'send', request: undo.requests[0], expect: 'json'}
    return {
      kind: 'series',
      requests: undo.requests,
      label: (i) => `request ${i + 1} of ${undo.requests.length}`,
      done: (answers) => ({result: {data: answers}, text: `undone: ${undo.what}\n`}),
    }
  }
}
