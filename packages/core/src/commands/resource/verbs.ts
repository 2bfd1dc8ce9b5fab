/**
 * One class per verb. Each turns flags into a Plan through the pure builders in routes.ts; the
 * base command does the rest. Per-family subclasses are made by commands.ts from the registry.
 */

import {Args, Flags} from '@oclif/core'

import type {Plan} from '../base-command.js'
import {usageError} from '../../errors.js'
import {fieldFlag, includeFlag, writePayloadFlags, yesFlag} from '../flags.js'
import {buildPayload, fieldsObject, type PayloadInput} from '../../input/payload.js'
import {FILE_ACTIONS} from '../../registry/file-kinds.js'
import type {Family, Verb} from '../../registry/types.js'
import {keyNames} from '../../plan/record-keys.js'
import {KeyedCommand} from './keyed-command.js'
import type {Json} from '../../plan/request.js'
import {checkOutputTarget} from '../../output/output-file.js'
import type {ParseContext} from '../parse-errors.js'
import type {Style} from '../../output/table.js'
import {checkKnownAction} from './known-action.js'
import {guidedFlagsFor, missingGuidedFlag} from './guided.js'
import {validateWritePayload} from '../../registry/schema/guard.js'
import {
  actionRequest,
  bulkRequest,
  checkAction,
  checkBulkExtra,
  createRequest,
  deleteRequest,
  type Routed,
} from '../../plan/routes.js'
import {listEditFlags, updatePlan} from './update-plan.js'
import {familyColumns, relationsOf, withRelations} from './printed-columns.js'
import {saveEffectFlags, saveEffectQuery} from '../../registry/operations/save-effects.js'

export abstract class ResourceCommand extends KeyedCommand {
  static verb: Verb

  protected str(name: string): string | undefined {
    return this.flags[name] as string | undefined
  }

  protected get id_(): string {
    return this.args.id ?? ''
  }

  protected tableStyle(): Partial<Style> {
    return {statuses: this.family.statuses}
  }

  /**
   * What a read prints as columns (the family's, where the format prints them and neither --columns nor --query
   * says otherwise), and the --include that fills the relations the printed columns name (`client.display_name`:
   * include=client). A --query works on the server's data as json has it, in every format: nothing is added for it.
   */
  protected printedColumns(kind: 'list' | 'record'): {columns?: readonly string[]; include?: string} {
    const queried = this.flags.query !== undefined
    const columns = !queried && this.format.familyColumns?.(kind) ? familyColumns(this.family) : undefined
    const shown = this.out.opts.columns ?? columns
    return {columns, include: withRelations(this.str('include'), shown ? relationsOf(this.family, shown) : [])}
  }

  /** A guided flag this family lacks is answered with the flags it takes. */
  protected parseContext(): ParseContext {
    const context = super.parseContext()
    const writes =
      (this.ctor as typeof ResourceCommand).verb === 'create' || (this.ctor as typeof ResourceCommand).verb === 'update'
    return writes ? {...context, unknownFlag: (flag) => missingGuidedFlag(this.family, flag, context.command)} : context
  }

  /** The create/update body, checked against the family's fields unless --no-validate (keys not yet resolved). */
  protected async payload(): Promise<{[key: string]: Json}> {
    const body = await buildPayload(this.flags as PayloadInput, {
      documentLike: this.family.documentLike,
      familyWord: this.family.word,
    })
    const verb = (this.ctor as typeof ResourceCommand).verb === 'create' ? 'create' : 'update'
    if (!this.flags['no-validate']) await validateWritePayload(this.family.word, body, verb)
    return body
  }
}

/** The record argument: an id, or what people know the family's records by (its `keys`). */
export const idArg = (f: Family) => ({
  id: Args.string({
    description:
      f.keys.length > 0 ? `Record id (e.g. VolejRejNm), or its ${keyNames(f)}.` : 'Record id (e.g. VolejRejNm).',
    required: true,
  }),
})

export class CreateVerb extends ResourceCommand {
  static verb: Verb = 'create'
  static mutating = true
  static argsFor = () => ({})
  static flagsFor = (f: Family) => ({
    ...writePayloadFlags(f.documentLike, guidedFlagsFor(f)),
    ...saveEffectFlags(f.saveEffects),
    ...includeFlag,
    ...yesFlag,
  })

  protected async plan(): Promise<Plan> {
    const after = saveEffectQuery(this.family.saveEffects, this.flags)
    const body = await this.payload()
    const request = createRequest(this.family, body, this.str('include'), after)
    // Checked whole first: only then are the keys of --client-id and the like looked up.
    return {kind: 'send', request: {...request, body: await this.withRecordIds(body)}, expect: 'json'}
  }
}

export class UpdateVerb extends ResourceCommand {
  static verb: Verb = 'update'
  static mutating = true
  static argsFor = (f: Family) => idArg(f)
  static flagsFor = (f: Family) => ({
    ...writePayloadFlags(f.documentLike, guidedFlagsFor(f)),
    ...listEditFlags(f),
    ...saveEffectFlags(f.saveEffects),
    ...includeFlag,
    ...yesFlag,
  })

  protected async plan(): Promise<Plan> {
    return updatePlan(this.family, this.id_, this.flags, this.str('include'), {
      id: (given) => this.recordId(given),
      body: (body) => this.withRecordIds(body),
    })
  }
}

export class DeleteVerb extends ResourceCommand {
  static verb: Verb = 'delete'
  static mutating = true
  static argsFor = (f: Family) => idArg(f)
  static flagsFor = () => ({...yesFlag})

  protected async plan(): Promise<Plan> {
    return {kind: 'send', request: deleteRequest(this.family, await this.recordId(this.id_)), expect: 'json'}
  }
}

const actionFlag = (f: Family) =>
  Flags.string({
    required: true,
    summary: `Action name${f.actions.length ? `: ${f.actions.join(', ')}` : ''}.`,
    // Shell completion offers the actions the upstream implements; no others are accepted (known-action.ts).
    ...(f.actions.length ? {completion: {options: async () => [...f.actions]}} : {}),
  })

const fileFlags = {
  'output-file': Flags.string({
    summary: `Where the file of a file action (${Object.keys(FILE_ACTIONS).join(', ')}) is written; - for stdout.`,
  }),
  force: Flags.boolean({summary: 'Overwrite --output-file if it exists.'}),
}

/**
 * The plan of an action: actions that answer a file (download, bulk_print, bulk_download) need
 * --output-file and save only the file, of the kind FILE_ACTIONS names for one record or several;
 * the others print the answer, JSON. Checked before sending.
 */
async function actionPlan(
  routed: Routed,
  action: string,
  records: 'one' | 'several',
  flags: Record<string, unknown>,
): Promise<Plan> {
  const outputFile = flags['output-file'] as string | undefined
  const force = Boolean(flags.force)
  const expect = Object.hasOwn(FILE_ACTIONS, action) ? FILE_ACTIONS[action][records] : undefined
  if (!expect) {
    if (outputFile !== undefined)
      throw usageError(
        `--output-file is for the actions that answer a file (${Object.keys(FILE_ACTIONS).join(', ')}), not ${action}`,
      )
    return {kind: 'send', ...routed, expect: 'json'}
  }
  if (outputFile === undefined)
    throw usageError(
      `--action ${action} answers a file: give --output-file PATH (a folder takes the upstream's file name; - ` +
        'for stdout)',
    )
  await checkOutputTarget(outputFile, force)
  return {kind: 'download', ...routed, outputFile, force, expect}
}

export class BulkVerb extends ResourceCommand {
  static verb: Verb = 'bulk'
  static mutating = true
  static argsFor = () => ({})
  static flagsFor = (f: Family) => ({
    action: actionFlag(f),
    id: Flags.string({
      required: true,
      multiple: true,
      summary: f.keys.length > 0 ? `Record id, or its ${keyNames(f)} (repeatable).` : 'Record id (repeatable).',
    }),
    ...fieldFlag,
    ...fileFlags,
    ...yesFlag,
  })

  protected async plan(): Promise<Plan> {
    const extra = fieldsObject((this.flags.field as string[] | undefined) ?? [])
    const action = this.str('action')!
    checkKnownAction(this.family, action)
    // Refused before any key is looked up.
    checkAction(action)
    checkBulkExtra(extra)
    const ids: string[] = []
    for (const id of this.flags.id as string[]) ids.push(await this.recordId(id, this.family, '--id'))
    return actionPlan(
      {request: bulkRequest(this.family, action, ids, extra)},
      action,
      ids.length > 1 ? 'several' : 'one',
      this.flags,
    )
  }
}

export class ActionVerb extends ResourceCommand {
  static verb: Verb = 'action'
  static mutating = true
  static argsFor = (f: Family) => idArg(f)
  static flagsFor = (f: Family) => ({
    action: actionFlag(f),
    ...fileFlags,
    ...yesFlag,
  })

  protected async plan(): Promise<Plan> {
    const action = this.str('action')!
    checkKnownAction(this.family, action)
    checkAction(action)
    return actionPlan(actionRequest(this.family, await this.recordId(this.id_), action), action, 'one', this.flags)
  }
}
