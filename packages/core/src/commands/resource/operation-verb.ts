/**
 * The one command class of every extra operation (registry/operations/operation.ts):
 * flags from its data, the plan from its builder.
 */
import {Args, Flags} from '@oclif/core'

import type {Plan} from '../base-command.js'
import {
  checkOperationInput,
  type Operation,
  type OperationFlag,
  type Values,
} from '../../registry/operations/operation.js'
import {family} from '../../registry/registry.js'
import type {Family} from '../../registry/types.js'
import type {Json} from '../../plan/request.js'
import {checkOutputTarget} from '../../output/output-file.js'
import {usageError} from '../../errors.js'
import {changeFlags, fieldFlag, writePayloadFlags} from '../flags.js'
import {guidedFlagsFor} from './guided.js'
import {withFields} from './operation-fields.js'
import {summaryFor} from '../../plan/summary.js'
import {ResourceCommand} from './verbs.js'

function oclifFlag(flag: OperationFlag) {
  if (flag.kind === 'boolean') return Flags.boolean({summary: flag.summary, allowNo: flag.negatable ?? false})
  // Completion offers the values; they are checked locally (checkOperationInput), so a typo names them all.
  const completion = flag.options ? {completion: {options: async () => [...flag.options!]}} : {}
  if (flag.multiple)
    return Flags.string({summary: flag.summary, required: flag.required, multiple: true, ...completion})
  return Flags.string({summary: flag.summary, required: flag.required, ...completion})
}

export const operationFlags = (op: Operation, f: Family) => ({
  ...(op.payload ? writePayloadFlags(f.documentLike, guidedFlagsFor(f, 'update')) : {}),
  ...Object.fromEntries(Object.entries(op.flags).map(([name, flag]) => [name, oclifFlag(flag)])),
  ...(op.outputFile
    ? {
        'output-file': Flags.string({
          summary: "Where the file is written (a folder: the upstream's file name); - for stdout.",
        }),
        force: Flags.boolean({summary: 'Overwrite --output-file if it exists.'}),
      }
    : {}),
  ...(op.reads === undefined ? {} : fieldFlag),
  ...(op.mutating === false ? {} : changeFlags),
})

export const operationArgs = (op: Operation) => ({
  ...(op.idArg ? {id: Args.string({description: op.idArg, required: true})} : {}),
  ...(op.textArg ? {[op.textArg.name]: Args.string({description: op.textArg.description, required: true})} : {}),
})

/** An id checking an operation's input before a key (`Acme Ltd`) is looked up: shaped as the server's, never sent. */
const CHECK_ID = 'Aaaaaaaaaa'

export abstract class OperationVerb extends ResourceCommand {
  static operation: Operation

  protected get operation(): Operation {
    return (this.ctor as typeof OperationVerb).operation
  }

  /** The guardrail follows the operation: a statement that is e-mailed changes records, one downloaded does not. */
  protected isMutating(): boolean {
    const {mutating} = this.operation
    return typeof mutating === 'function' ? mutating(this.flags) : mutating
  }

  protected async plan(): Promise<Plan> {
    const outputFile = this.str('output-file')
    const text = this.operation.textArg ? {[this.operation.textArg.name]: this.args[this.operation.textArg.name]} : {}
    // A payload is checked as a create's (the guided flags' ids resolved after every local check).
    const payload = this.operation.payload ? {payload: await this.payload()} : {}
    const values = {...checkOperationInput(this.operation, this.flags), ...text, ...payload, 'output-file': outputFile}
    // Every local check first, a key standing in as an id where it could not be one: a refusal sends nothing, not
    // even a key's lookup.
    const checked = async (key: string) => (/^[\w-]+$/.test(key) ? key : CHECK_ID)
    const fields = this.flags.field as string[] | undefined
    const check = this.operation.build(await this.withRecords(values, checked), await checked(this.id_))
    if (!this.operation.payload) withFields(this.operation, check.request, fields, false)
    const {file} = check
    if (file && outputFile === undefined)
      throw usageError(
        `${this.family.word} ${this.operation.name} writes a file: give --output-file PATH (- for stdout)`,
      )
    if (file) await checkOutputTarget(outputFile!, Boolean(this.flags.force))
    const id = this.operation.idArg ? await this.recordId(this.id_) : this.id_
    const built = this.operation.build(
      await this.withRecords(values, (key, f, what) => this.recordId(key, f, what)),
      id,
    )
    const request = this.operation.payload
      ? {...built.request, body: await this.withRecordIds(built.request.body as {[key: string]: Json})}
      : withFields(this.operation, built.request, fields)
    const words = this.operation.said?.(values)
    const summary = words ? summaryFor(this.family, words, request.record?.ids ?? []) : undefined
    if (!file) return {kind: 'send', request, expect: 'json', ...(summary ? {summary} : {})}
    return {kind: 'download', request, outputFile: outputFile!, force: Boolean(this.flags.force), expect: file}
  }

  /** The values with the record each `RECORD:AMOUNT` of a flag naming records (`--invoice 0001:25`) stands for. */
  private async withRecords(
    values: Values,
    id: (key: string, f: Family, what: string) => Promise<string>,
  ): Promise<Values> {
    const out = {...values}
    for (const [name, flag] of Object.entries(this.operation.flags)) {
      const given = out[name]
      if (!flag.records || !Array.isArray(given)) continue
      const resolved: string[] = []
      for (const pair of given.map(String)) {
        const colon = pair.lastIndexOf(':')
        const key = pair.slice(0, colon)
        resolved.push(colon <= 0 ? pair : `${await id(key, family(flag.records), `--${name}`)}${pair.slice(colon)}`)
      }
      out[name] = resolved
    }
    return out
  }
}
