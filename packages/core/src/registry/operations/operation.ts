/**
 * Extra operations of a family (`payments refund`, `invoices email`, `clients statement`): each
 * is plain data in the family's registry entry — its name, route, method, whether it changes
 * records, its flags — and one pure function from the checked input to the request. One command
 * class (commands/resource/operation-verb.ts) runs them all, so help, docs, completion, dry runs, the
 * guardrail and the route checks cover every operation with no per-command plumbing.
 */
import {shown, usageError} from '../../errors.js'
import {type AmountSign, parseAmount} from '../../input/field-syntax.js'
import type {FileKind} from '../file-kinds.js'
import {checkId, type Json, type RequestSpec} from '../../plan/request.js'
import type {SummaryWords} from '../../plan/summary.js'

/** One flag of an operation: how it is typed, checked and described. */
export interface OperationFlag {
  /** `text`: any non-empty string, sent as typed (the server's rule is only `required`: a refund's date). */
  kind: 'string' | 'text' | 'number' | 'date' | 'id' | 'email' | 'boolean'
  summary: string
  /** A boolean that also has --no-X, sent as false; given neither way, the key is left out (the server's default). */
  negatable?: boolean
  required?: boolean
  multiple?: boolean
  /** At most this many values (multiple), counted one by one when `commas` splits them. */
  max?: number
  /** Each value may hold several, comma-separated (spaces around them trimmed): `--cc a@x.test,b@x.test`. */
  commas?: boolean
  /** The allowed values (completion offers them; others are refused locally). */
  options?: readonly string[]
  /** A number's sign rule (an amount to refund is above 0). */
  sign?: AmountSign
  /** Each value is RECORD:AMOUNT, RECORD an id or a human key of this family's records (`--invoice 0001:25`). */
  records?: string
}

export type OperationInput = Record<string, unknown>
/** Flag values typed and checked: numbers are numbers, lists are lists. */
export type Values = Record<string, Json | undefined>

/** What an operation sends, and where its answer goes: printed, or a file of this kind to --output-file. */
export interface OperationRequest {
  request: RequestSpec
  file?: FileKind
}

export interface Operation {
  /** The command word after the family: `refund` → `cli payments refund`. */
  name: string
  summary: string
  /** The route, for help and docs: `POST /api/v1/payments/refund`. */
  route: string
  /** The record the operation is about (`payments refund ID`); none for family-wide ones. */
  idArg?: string
  /** A second argument after the id, its value under `values[name]` (`invoices note ID "text"`). */
  textArg?: {name: string; description: string}
  /**
   * Keys of the body the server reads beyond those the flags set (space-separated). Given (even empty), the
   * operation takes --field for keys no flag sets; a key not named here is warned, and sent as given.
   */
  reads?: string
  flags: Readonly<Record<string, OperationFlag>>
  /**
   * Needs --yes (or --dry-run): it changes records. A function when that depends on the flags (a statement e-mailed).
   */
  mutating: boolean | ((input: OperationInput) => boolean)
  /** Takes --output-file (its answer can be a file). */
  outputFile?: boolean
  /** Takes the payload flags of a create (--data, --field, guided flags, --line-item): `values.payload`, checked. */
  payload?: boolean
  /** `{id}`: a record of the family's (its sample id, put in by registry.ts); `{invoices}`: one of that family's. */
  examples: readonly string[]
  /** Pure: the checked flag values (checkOperationInput) and the id → the request. Throws usage errors. */
  build(values: Values, id: string): OperationRequest
  /** What the line on stderr says it did (plan/summary.ts); none where it changed nothing (a statement downloaded). */
  said?: (values: Values) => SummaryWords | undefined
}

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/

/** One value typed as its flag says, or a usage error naming the flag. */
function typed(name: string, flag: OperationFlag, raw: string): Json {
  switch (flag.kind) {
    case 'number':
      return parseAmount(raw, `--${name}`, flag.sign)
    case 'date':
      if (
        !/^\d{4}-\d{2}-\d{2}$/.test(raw) ||
        Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ||
        new Date(`${raw}T00:00:00Z`).toISOString().slice(0, 10) !== raw
      ) {
        throw usageError(`--${name} must be a date as YYYY-MM-DD, got ${shown(raw)}`)
      }
      return raw
    case 'id':
      return checkId(raw, `--${name}`)
    case 'text':
      if (raw.trim() === '') throw usageError(`--${name} is empty: give a value`)
      return raw
    case 'email':
      if (!EMAIL.test(raw)) throw usageError(`--${name} ${shown(raw)} is not an e-mail address`)
      return raw
    default:
      if (flag.options && !flag.options.includes(raw))
        throw usageError(`--${name} must be one of ${flag.options.join(', ')}, got ${shown(raw)}`)
      return raw
  }
}

/** The flags' values typed and checked (multiple ones as lists); booleans as given. */
export function checkOperationInput(op: Operation, input: OperationInput): Values {
  const out: Values = {}
  for (const [name, flag] of Object.entries(op.flags)) {
    const value = input[name]
    if (value === undefined) continue
    if (flag.kind === 'boolean') out[name] = Boolean(value)
    else if (Array.isArray(value)) {
      const values = flag.commas ? value.flatMap((v: string) => v.split(',').map((part) => part.trim())) : value
      if (flag.max !== undefined && values.length > flag.max)
        throw usageError(`--${name} takes at most ${flag.max} values, got ${values.length}`)
      out[name] = values.map((v) => typed(name, flag, v))
    } else out[name] = typed(name, flag, String(value))
  }
  return out
}
