/**
 * The one command class of every extra operation (registry/operations/operation.ts):
 * flags from its data, the plan from its builder.
 */
import {Args, Flags} from '@oclif/core'

import type {Plan} from '../base-command.js'
import {checkOperationInput, type Operation, type OperationFlag} from '../../registry/operations/operation.js'
import {checkOutputTarget} from '../../output/output-file.js'
import {yesFlag} from '../flags.js'
import {ResourceCommand} from './verbs.js'

function oclifFlag(flag: OperationFlag) {
  if (flag.kind === 'boolean') return Flags.boolean({summary: flag.summary})
  // Completion offers the values; they are checked locally (checkOperationInput), so a typo names them all.
  const completion = flag.options ? {completion: {options: async () => [...flag.options!]}} : {}
  if (flag.multiple)
    return Flags.string({summary: flag.summary, required: flag.required, multiple: true, ...completion})
  return Flags.string({summary: flag.summary, required: flag.required, ...completion})
}

export const operationFlags = (op: Operation) => ({
  ...Object.fromEntries(Object.entries(op.flags).map(([name, flag]) => [name, oclifFlag(flag)])),
  ...(op.outputFile
    ? {
        'output-file': Flags.string({
          summary: "Where the file is written (a folder: the upstream's file name); - for stdout.",
        }),
        force: Flags.boolean({summary: 'Overwrite --output-file if it exists.'}),
      }
    : {}),
  ...(op.mutating === false ? {} : yesFlag),
})

const idArg = (description: string) => ({id: Args.string({description, required: true})})
export const operationArgs = (op: Operation): Partial<ReturnType<typeof idArg>> => (op.idArg ? idArg(op.idArg) : {})

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
    const values = {...checkOperationInput(this.operation, this.flags), 'output-file': outputFile}
    const id = this.operation.idArg ? await this.recordId(this.id_) : this.id_
    const {request, file} = this.operation.build(values, id)
    if (!file) return {kind: 'send', request, expect: 'json'}
    const force = Boolean(this.flags.force)
    await checkOutputTarget(outputFile!, force)
    return {kind: 'download', request, outputFile: outputFile!, force, expect: file}
  }
}
