/**
 * `update`: a plain PUT, or, where the record's lists are involved, read-modify-write. The server
 * replaces a list whole when a PUT carries it (FACTS.md), so --add-line-item / --remove-line-item
 * read the record and send its whole list back; a payload that replaces a list is warned about.
 */
import {Flags} from '@oclif/core'

import type {EditPlan, Plan} from '../base-command.js'
import {usageError} from '../../errors.js'
import {parseLineItem} from '../../input/field-syntax.js'
import {buildPayload, checkPayloadSources, type PayloadInput} from '../../input/payload.js'
import {type ListEdit, replacementWarning, withEditedLists, withKeptFields} from '../../plan/record-edit.js'
import {checkRecordId, checkUnchanged} from '../../plan/record-read.js'
import type {Family} from '../../registry/types.js'
import type {Json} from '../../plan/request.js'
import {validateWritePayload} from '../../registry/schema/guard.js'
import {showRequest, updateRequest} from '../../plan/routes.js'
import {saveEffectQuery} from '../../registry/operations/save-effects.js'
import {names, serverFacts} from '../../registry/server/facts.js'

type JsonObject = {[key: string]: Json}

/** --add-X and --remove-X for each list the family's records hold, and --diff. */
export function listEditFlags(f: Family) {
  const flags: Record<
    string,
    ReturnType<typeof Flags.string> | ReturnType<typeof Flags.integer> | ReturnType<typeof Flags.boolean>
  > = {}
  for (const list of f.lists) {
    flags[`add-${list.flag}`] = Flags.string({
      multiple: true,
      summary:
        `Append a ${list.noun}: key=value,... (repeatable). Reads the record and sends its whole ${list.field} ` +
        'list back, the others unchanged.',
      helpGroup: 'PAYLOAD',
    })
    flags[`remove-${list.flag}`] = Flags.integer({
      multiple: true,
      min: 1,
      summary:
        `Remove the Nth ${list.noun} (1-based, as show lists them; repeatable). Reads the record and sends the ` +
        'rest back.',
      helpGroup: 'PAYLOAD',
    })
  }
  if (f.lists.length > 0)
    flags.force = Flags.boolean({
      summary:
        'Where the update sends back what it read (--add-X/--remove-X, or a field the server would reset): write ' +
        'even when the record changed since it was read (its updated_at), overwriting that change.',
    })
  flags.diff = Flags.boolean({
    summary: 'With --dry-run: read the record and print the fields that would change, old and new.',
  })
  return flags
}

/** The list edits the flags ask for. */
export function listEdits(f: Family, flags: Record<string, unknown>): ListEdit[] {
  const edits: ListEdit[] = []
  for (const list of f.lists) {
    const add = ((flags[`add-${list.flag}`] as string[] | undefined) ?? []).map((raw) =>
      parseLineItem(raw, `--add-${list.flag}`),
    )
    const remove = (flags[`remove-${list.flag}`] as number[] | undefined) ?? []
    if (add.length > 0 || remove.length > 0) edits.push({list, add, remove})
  }
  return edits
}

/** Finding the records human keys name (a number, a client's name: one list query each): the record's, the body's. */
export interface KeyResolution {
  id: (given: string) => Promise<string>
  body: (body: JsonObject) => Promise<JsonObject>
}

/**
 * The plan of `update ID`: the flags are parsed and checked here, before anything is sent; then the keys given for
 * the record and its id flags are looked up.
 */
export async function updatePlan(
  f: Family,
  given: string,
  flags: Record<string, unknown>,
  include: string | undefined,
  keys: KeyResolution,
): Promise<Plan> {
  const edits = listEdits(f, flags)
  const diff = Boolean(flags.diff)
  if (diff && !flags['dry-run']) throw usageError('--diff shows what a dry run would change: add --dry-run')
  const input = flags as PayloadInput
  const source = checkPayloadSources(input, {documentLike: f.documentLike, familyWord: f.word})
  if (edits.length > 0 && source === 'raw') {
    throw usageError(
      `--add-${edits[0].list.flag} and --remove-${edits[0].list.flag} edit the record's list: they cannot be ` +
        'mixed with a raw JSON source',
    )
  }
  // Only list edits, or only an effect (`--send-email` on an unchanged invoice): the body may be empty.
  const effectsOnly = f.saveEffects.some((e) => flags[e.flag] !== undefined && flags[e.flag] !== false)
  const built: JsonObject =
    source === 'none' && (edits.length > 0 || effectsOnly)
      ? {}
      : await buildPayload(input, {documentLike: f.documentLike, familyWord: f.word})
  for (const edit of edits) {
    if (edit.list.field in built) {
      throw usageError(
        `the payload replaces every ${edit.list.noun} (${edit.list.field}) while ` +
          `--add-${edit.list.flag}/--remove-${edit.list.flag} edit them: use one or the other`,
      )
    }
  }
  if (!flags['no-validate'])
    await validateWritePayload(
      f.word,
      {...built, ...Object.fromEntries(edits.map((e) => [e.list.field, e.add]))},
      'update',
      // A dry run shows even an update that changes nothing; a list edit or an effect on save is a change.
      {noopExit: !flags['dry-run'] && !effectsOnly && edits.length === 0},
    )
  const id = await keys.id(given)
  const body = await keys.body(built)
  const ref = `${f.word} ${id}`
  const replaced = f.lists.filter((list) => list.field in body)
  const after = saveEffectQuery(f.saveEffects, flags)
  const request = (sent: JsonObject) => updateRequest(f, id, sent, include, after)
  // The server sets these anew when an update leaves them out (a product's quantity to 1): sent as the record has them.
  const kept = names(serverFacts(f.word)?.refilled?.update).filter((field) => !(field in body))
  if (edits.length === 0 && replaced.length === 0 && kept.length === 0 && !diff)
    return {kind: 'send', request: request(body), expect: 'json'}
  const plan: EditPlan = {
    kind: 'edit',
    read: showRequest(f, id),
    diff,
    write: (record) => {
      checkRecordId(record, id, ref)
      return {
        request: request(withKeptFields(record, withEditedLists(record, body, edits, ref), kept)),
        warnings: replaced.map((list) => replacementWarning(list, body, ref, record)),
      }
    },
  }
  // The write carries lists or fields as read: a change made since the read would be overwritten.
  if ((edits.length > 0 || kept.length > 0) && !flags.force)
    plan.recheck = (first, again) => {
      checkRecordId(again, id, ref)
      checkUnchanged(first, again, ref)
    }
  if (edits.length === 0 && kept.length === 0)
    plan.offline = {request: request(body), warnings: replaced.map((list) => replacementWarning(list, body, ref))}
  return plan
}
