/**
 * One class per verb. Each turns flags into a Plan through the pure builders in routes.ts; the
 * base command does the rest. Per-family subclasses are made by commands.ts from the registry.
 */

import {Args, Flags} from '@oclif/core'

import type {ListPlan, Plan} from '../base-command.js'
import {listPlanOf} from './list-plan.js'
import {fieldFlag, includeFlag, writePayloadFlags, changeFlags} from '../flags.js'
import {buildPayload, type PayloadInput} from '../../input/payload.js'
import type {Family, Verb} from '../../registry/types.js'
import {keyNames} from '../../plan/record-keys.js'
import {KeyedCommand} from './keyed-command.js'
import type {Json} from '../../plan/request.js'
import type {ParseContext} from '../parse-errors.js'
import type {Style} from '../../output/table.js'
import {checkKnownAction} from './known-action.js'
import {guidedFlagsFor, missingGuidedFlag} from './guided.js'
import {validateWritePayload} from '../../registry/schema/guard.js'
import {actionRequest, checkAction, createRequest, deleteRequest} from '../../plan/routes.js'
import {listEditFlags, updatePlan} from './update-plan.js'
import {familyColumns, relationsOf, withRelations} from './printed-columns.js'
import {saveEffectFlags, saveEffectQuery, saveEffectWords} from '../../registry/operations/save-effects.js'
import {actionWords, VERB_WORDS} from '../../registry/operations/summaries.js'
import {summaryFor, type SummaryWords} from '../../plan/summary.js'
import {bulkPlan, bulkSelectFlags} from './bulk-plan.js'
import {actionPlan, fileFlags} from './action-plan.js'

export abstract class ResourceCommand extends KeyedCommand {
  static verb: Verb

  protected str(name: string): string | undefined {
    return this.flags[name] as string | undefined
  }

  protected get id_(): string {
    return this.args.id ?? ''
  }

  protected tableStyle(): Partial<Style> {
    // A plugin's change command may have no family.
    return {codes: this.family?.codes, staticCodes: this.family?.staticCodes}
  }

  /** The family's list the list flags ask for (list-plan.ts), `fixed` filters first: `list`'s, and a plugin's. */
  protected listPlan(fixed: readonly string[] = []): Promise<ListPlan> {
    return listPlanOf(this.family, this.flags, this.printedColumns('list'), fixed, this.recordId.bind(this))
  }

  /**
   * What a read prints as columns (the family's, where the format prints them and neither --columns nor --query
   * says otherwise), and the --include that fills the relations the printed columns name (`client.display_name`:
   * include=client). A table's record view names those relations too (a show's client by name). A --query works on
   * the server's data as json has it, in every format: nothing is added for it.
   */
  protected printedColumns(kind: 'list' | 'record'): {columns?: readonly string[]; include?: string} {
    const queried = this.flags.query !== undefined
    const columns = !queried && this.format.familyColumns?.(kind) ? familyColumns(this.family) : undefined
    const named = !queried && kind === 'record' && this.format.recordRelations ? familyColumns(this.family) : undefined
    const shown = this.out.opts.columns ?? columns ?? named
    return {columns, include: withRelations(this.str('include'), shown ? relationsOf(this.family, shown) : [])}
  }

  /** A guided flag this family lacks is answered with the flags it takes. */
  protected parseContext(): ParseContext {
    const context = super.parseContext()
    const verb = (this.ctor as typeof ResourceCommand).verb
    if (verb !== 'create' && verb !== 'update') return context
    return {...context, unknownFlag: (flag) => missingGuidedFlag(this.family, flag, context.command, verb)}
  }

  /** What the summary line of this change says (plan/summary.ts), with the side effects on save asked for. */
  protected summary(words: SummaryWords) {
    return summaryFor(this.family, saveEffectWords(this.family.saveEffects, this.flags, words))
  }

  /** The create/update body, checked against the family's fields unless --no-validate (keys not yet resolved). */
  protected async payload(): Promise<{[key: string]: Json}> {
    const verb = (this.ctor as typeof ResourceCommand).verb === 'create' ? 'create' : 'update'
    const body = await buildPayload(this.flags as PayloadInput, {
      documentLike: this.family.documentLike,
      familyWord: this.family.word,
      ...(verb === 'create' ? {empty: 'record' as const} : {}),
    })
    // A client the pairs' records give (`payments create --invoice 0042:25`) is read only once the rest is checked.
    const checked = verb === 'create' && this.clientInferred(body) ? {client_id: 'their client', ...body} : body
    if (!this.flags['no-validate']) await validateWritePayload(this.family.word, checked, verb)
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
    ...changeFlags,
  })

  protected async plan(): Promise<Plan> {
    const after = saveEffectQuery(this.family.saveEffects, this.flags)
    const body = await this.payload()
    const request = createRequest(this.family, body, this.str('include'), after)
    // Checked whole first: only then are the keys of --client-id and the like looked up.
    return {
      kind: 'send',
      request: {...request, body: await this.withRecordIds(body)},
      expect: 'json',
      summary: this.summary(VERB_WORDS.create),
    }
  }
}

export class UpdateVerb extends ResourceCommand {
  static verb: Verb = 'update'
  static mutating = true
  static argsFor = (f: Family) => idArg(f)
  static flagsFor = (f: Family) => ({
    ...writePayloadFlags(f.documentLike, guidedFlagsFor(f, 'update')),
    ...listEditFlags(f),
    ...saveEffectFlags(f.saveEffects),
    ...includeFlag,
    ...changeFlags,
  })

  protected async plan(): Promise<Plan> {
    const plan = await updatePlan(this.family, this.id_, this.flags, this.str('include'), {
      id: (given) => this.recordId(given),
      body: (body) => this.withRecordIds(body),
    })
    return plan.kind === 'send' || plan.kind === 'edit' ? {...plan, summary: this.summary(VERB_WORDS.update)} : plan
  }
}

export class DeleteVerb extends ResourceCommand {
  static verb: Verb = 'delete'
  static mutating = true
  static argsFor = (f: Family) => idArg(f)
  static flagsFor = () => ({...changeFlags})

  protected async plan(): Promise<Plan> {
    return {
      kind: 'send',
      request: deleteRequest(this.family, await this.recordId(this.id_)),
      expect: 'json',
      summary: this.summary(VERB_WORDS.delete),
    }
  }
}

const actionFlag = (f: Family) =>
  Flags.string({
    required: true,
    summary: `Action name${f.actions.length ? `: ${f.actions.join(', ')}` : ''}.`,
    // Shell completion offers the actions the upstream implements; no others are accepted (known-action.ts).
    ...(f.actions.length ? {completion: {options: async () => [...f.actions]}} : {}),
  })

export class BulkVerb extends ResourceCommand {
  static verb: Verb = 'bulk'
  static mutating = true
  static argsFor = () => ({})
  static flagsFor = (f: Family) => ({
    action: actionFlag(f),
    id: Flags.string({
      multiple: true,
      summary:
        f.keys.length > 0
          ? `Record id, or its ${keyNames(f)} (repeatable); or select the records with --filter.`
          : 'Record id (repeatable); or select the records with --filter.',
    }),
    ...bulkSelectFlags,
    ...fieldFlag,
    ...fileFlags,
    ...changeFlags,
  })

  protected async plan(): Promise<Plan> {
    const action = this.str('action')!
    checkKnownAction(this.family, action)
    return bulkPlan(this.family, action, this.flags, this.recordId.bind(this))
  }
}

export class ActionVerb extends ResourceCommand {
  static verb: Verb = 'action'
  static mutating = true
  static argsFor = (f: Family) => idArg(f)
  static flagsFor = (f: Family) => ({
    action: actionFlag(f),
    ...fileFlags,
    ...changeFlags,
  })

  protected async plan(): Promise<Plan> {
    const action = this.str('action')!
    checkKnownAction(this.family, action)
    // Refused before the key is looked up.
    checkAction(action)
    const plan = await actionPlan(
      actionRequest(this.family, await this.recordId(this.id_), action),
      action,
      'one',
      this.flags,
    )
    return plan.kind === 'send' ? {...plan, summary: summaryFor(this.family, actionWords(action))} : plan
  }
}
