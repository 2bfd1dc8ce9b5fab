/**
 * Commands about one family's records, which name a record by its id or by what people know it by: its number, a
 * client's name or contact e-mail, a product's key (plan/record-keys.ts: what is an id, which record a key names).
 * A key is looked up after every local check and the guardrail, with one list query; a dry run says what it found.
 */
import {BaseCommand, type RemotePlan} from '../base-command.js'
import {CliError, ExitCode, usageError} from '../../errors.js'
import {Executor} from '../executor.js'
import {parseJsonBody} from '../../http/client.js'
import {scrubSecrets} from '../../http/headers.js'
import {asListPage} from '../../http/paging-rules.js'
import {writeErr} from '../../output/write.js'
import {candidateColumns, isHashedId, lookupRequest, resolveKey} from '../../plan/record-keys.js'
import {checkKey, type Json, type RequestSpec} from '../../plan/request.js'
import {checkRecordId} from '../../plan/record-read.js'
import {showRequest} from '../../plan/routes.js'
import {family} from '../../registry/registry.js'
import type {Family} from '../../registry/types.js'
import type {GuidedFlag} from '../../input/payload.js'
import {guidedFlagsFor} from './guided.js'
import {relationsOf, withRelations} from './printed-columns.js'

type JsonObject = {[key: string]: Json}

export abstract class KeyedCommand extends BaseCommand {
  static family: Family

  protected get family(): Family {
    return (this.ctor as typeof KeyedCommand).family
  }

  /** The record argument that looked like an id but named no record (400): looked up as a key on the second plan. */
  private keyNotId?: string

  /**
   * The record id a value stands for: the value where it looks like an id (or the family has no human keys), else
   * the id of the record whose number, name or e-mail it is (one list query); a dry run says so.
   */
  protected async recordId(value: string, f: Family = this.family, what = 'id'): Promise<string> {
    const asKey = this.keyNotId === value && f === this.family
    if (f.keys.length === 0 || (isHashedId(checkKey(value, what)) && !asKey)) return value
    this.checkGuardrail()
    const id = await this.reading((read) => findRecord(f, value, read))
    if (this.flags['dry-run'] || asKey) this.note(`resolved ${value} → ${id}${asKey ? ' (no record has that id)' : ''}`)
    return id
  }

  /**
   * The body with the keys given to guided id flags (`--client-id "Acme Ltd"`) and to pairs (`--invoice 0042:25`)
   * replaced by the ids they name; a create's body without a client takes the one client of its pairs' records.
   */
  protected async withRecordIds(body: JsonObject): Promise<JsonObject> {
    let out = {...body}
    for (const g of guidedFlagsFor(this.family)) {
      const given = this.flags[g.flag]
      if (g.kind === 'pairs' && Array.isArray(given) && Array.isArray(out[g.field])) {
        const items = [...(out[g.field] as JsonObject[])]
        // The flag's items come first, in its order (buildGuided); --field may only have added more after them.
        for (let i = 0; i < given.length; i++)
          items[i] = {
            ...items[i],
            [g.itemKey!]: await this.recordId(String(items[i][g.itemKey!]), family(g.family!), `--${g.flag}`),
          }
        out[g.field] = items
        if (out.client_id === undefined && this.clientInferred(body))
          out = {client_id: await this.clientOf(g, items.slice(0, given.length)), ...out}
      }
      // Only where the body still holds the flag's value (--field or raw JSON did not set the field otherwise).
      else if (g.family !== undefined && typeof given === 'string' && out[g.field] === given)
        out[g.field] = await this.recordId(given, family(g.family), `--${g.flag}`)
    }
    return out
  }

  /** Whether a create of this body takes its client from the records its pairs name (`--invoice` without a client). */
  protected clientInferred(body: JsonObject): boolean {
    return (
      body.client_id === undefined &&
      guidedFlagsFor(this.family).some((g) => g.kind === 'pairs' && Array.isArray(this.flags[g.flag]))
    )
  }

  /**
   * The one client of the records a pairs flag names, each read with its client; refused (nothing sent) when they are
   * several clients' or none's: the server takes only the client's own invoices.
   */
  private async clientOf(g: GuidedFlag, items: JsonObject[]): Promise<string> {
    const f = family(g.family!)
    this.checkGuardrail()
    const records = await this.reading(async (read) => {
      const out: JsonObject[] = []
      for (const item of items) {
        const id = String(item[g.itemKey!])
        const record = asRecord(await read(showRequest(f, id, 'client')))
        // The client of the record asked for, never of another one the upstream answered with.
        checkRecordId(record, id, `${f.word} ${id}`)
        out.push(record)
      }
      return out
    })
    const clients = [...new Set(records.map((r) => (typeof r.client_id === 'string' ? r.client_id : '')))]
    if (clients.length !== 1 || clients[0] === '') {
      const whose = records.map((r) => `${String(r.number ?? r.id)} (${clientName(r)})`).join(', ')
      throw usageError(`--${g.flag}: the ${f.word} ${whose} are not one client's: give --client-id, or pay each apart`)
    }
    if (this.flags['dry-run'])
      this.note(`client_id ${clients[0]}: the client of the ${f.word} (${clientName(records[0])})`)
    return clients[0]
  }

  /**
   * The server answers 400 for an id it has no record of, before it changes anything. Where the record argument was
   * id-shaped (`Consulting`, a product key of 10 letters), it may be a key: looked up, the command runs once more
   * with the id found; when no record has that key, the server's answer stands.
   */
  protected async replan(error: unknown): Promise<RemotePlan | undefined> {
    // The record argument (download's may be a record id too).
    const given = this.args.id ?? this.args.invitation_key
    const unknownId = error instanceof CliError && error.status === 400 && this.keyNotId === undefined
    if (!unknownId || given === undefined || !isHashedId(given) || this.family.keys.length === 0) return undefined
    this.keyNotId = given
    try {
      return (await this.plan()) as RemotePlan
    } catch (lookup) {
      if (lookup instanceof CliError && lookup.exitCode === ExitCode.usage) throw error
      throw lookup
    }
  }

  /** Reads that planning needs (a key's lookup, a dry run's too): GETs through one client, closed after `work`. */
  private async reading<T>(work: (read: (request: RequestSpec) => Promise<unknown>) => Promise<T>): Promise<T> {
    const client = await this.client()
    try {
      const executor = new Executor(client, this.out, () => this.secretsInUse)
      return await work(async (request) => parseJsonBody(await executor.send(request), request))
    } finally {
      client.close()
    }
  }

  /** A line for people on stderr, the secrets in use scrubbed. */
  private note(line: string): void {
    writeErr(scrubSecrets(line, this.secretsInUse))
  }
}

/** The id of the record `key` names in family `f`: its lookups read through `read` (include= for the candidates). */
function findRecord(f: Family, key: string, read: (request: RequestSpec) => Promise<unknown>): Promise<string> {
  const include = withRelations(undefined, relationsOf(f, candidateColumns(f)))
  return resolveKey(f, key, async (lookup, at) => {
    const page = asListPage(await read(lookupRequest(f, lookup, key, include, at)))
    const total = Number(page.meta?.pagination?.total ?? page.data.length)
    return {records: page.data as JsonObject[], total}
  })
}

const asRecord = (answer: unknown): JsonObject =>
  ((answer as {data?: JsonObject} | undefined)?.data ?? {}) as JsonObject

/** A record's client by name, as an include of it gives it (else its id). */
function clientName(record: JsonObject): string {
  const client = record.client as JsonObject | undefined
  return String(client?.display_name || client?.name || record.client_id || 'no client')
}
