/**
 * The stand-in's records: one live collection per segment, ids as the server hashes them, and
 * what else a test can count (the outbox, stored files, pending reports, cached imports).
 */
import {computeTotals} from './server-totals.js'
import {defaultSeed, fakePng} from './server-fixtures.js'
import {HttpError} from './server-reply.js'
import {clone, modelName, nowSeconds, sha256, type Rec} from './server-values.js'

/** Families whose create request needs client_id. */
export const CLIENT_DOCUMENTS = new Set(['invoices', 'quotes', 'credits', 'recurring_invoices', 'recurring_quotes'])
/** Families with line items, a status and invitations. */
export const DOCUMENTS = new Set([...CLIENT_DOCUMENTS, 'purchase_orders'])
/** Families that get a number when created without one. */
const NUMBERED = new Set([...DOCUMENTS, 'clients', 'vendors', 'payments', 'projects', 'tasks', 'expenses'])

const BASE62 = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'
const ID_SPACE = 62n ** 6n

/** "Vole" + 6 base-62 digits. The odd multiplier (coprime to 62^6) scrambles the counter without collisions. */
function hashedId(counter: number): string {
  let n = (BigInt(counter) * 2_654_435_761n) % ID_SPACE
  let digits = ''
  for (let i = 0; i < 6; i++) {
    digits = BASE62[Number(n % 62n)] + digits
    n /= 62n
  }
  return `Vole${digits}`
}

/** A report started with send_email:false: answered 409 until `pending` polls have passed, then once. */
interface ReportJob {
  name: string
  output: string
  pending: number
}

/** Polls a report preview answers 409 before its result is ready (see Upstream.reportDelay). */
const DEFAULT_REPORT_DELAY = 2

/** An e-mail the server would have sent: which record, through which route and action. */
export interface Mail {
  segment: string
  id: string
  action: string
  /** POST /emails: the template and the cc addresses. */
  template?: string
  cc?: string
}

/** A stored document's file, served by GET /documents/{id}/download. */
interface StoredFile {
  name: string
  contentType: string
  data: Buffer
}

/** How long the server's mark against a repeat stands (server-repeat-guard.ts). */
export const REPEAT_MARK_MS = 1000

export class Store {
  private readonly collections = new Map<string, Rec[]>()
  private counter = 0
  readonly reports = new Map<string, ReportJob>()
  readonly outbox: Mail[] = []
  readonly files = new Map<string, StoredFile>()
  /** CSV files a preimport cached, by hash. */
  readonly imports = new Map<string, {entity: string; csv: string}>()
  reportDelay = DEFAULT_REPORT_DELAY
  /** The server's marks against repeats (server-repeat-guard.ts): when each was made, in ms. */
  readonly repeatMarks = new Map<string, number>()
  repeatWindowMs = REPEAT_MARK_MS

  constructor() {
    this.reset()
  }

  reset() {
    this.collections.clear()
    this.reports.clear()
    this.outbox.length = 0
    this.files.clear()
    this.imports.clear()
    this.repeatMarks.clear()
    this.repeatWindowMs = REPEAT_MARK_MS
    this.reportDelay = DEFAULT_REPORT_DELAY
    this.counter = 0
    for (const [segment, records] of Object.entries(defaultSeed())) this.seed(segment, records)
  }

  nextId(): string {
    this.counter += 1
    return hashedId(this.counter)
  }

  /** The live collection, created on first use. */
  collection(segment: string): Rec[] {
    let records = this.collections.get(segment)
    if (!records) {
      records = []
      this.collections.set(segment, records)
    }
    return records
  }

  /** Replaces a collection; given fields win over the defaults. */
  seed(segment: string, records: Rec[]) {
    const now = nowSeconds()
    const base = () => ({id: this.nextId(), is_deleted: false, archived_at: 0, created_at: now, updated_at: now})
    this.collections.set(
      segment,
      records.map((record) => ({...base(), ...clone(record)})),
    )
    // A seeded document has a file to download: a PNG unless one was stored for it.
    if (segment === 'documents')
      for (const doc of this.collection('documents'))
        if (!this.files.has(String(doc.id)))
          this.files.set(String(doc.id), {
            name: String(doc.name),
            contentType: 'image/png',
            data: fakePng(String(doc.id)),
          })
  }

  find(segment: string, id: string): Rec {
    const record = this.collection(segment).find((r) => r.id === id)
    if (!record) {
      throw new HttpError(400, {message: `No query results for model [App\\Models\\${modelName(segment)}].`})
    }
    return record
  }

  create(segment: string, fields: Rec): Rec {
    const records = this.collection(segment)
    const now = nowSeconds()
    const id = this.nextId()
    const record: Rec = {...fields, id, is_deleted: false, archived_at: 0, created_at: now, updated_at: now}
    if (NUMBERED.has(segment) && !record.number) record.number = String(records.length + 1).padStart(4, '0')
    // A new payment is completed (4), a new document a draft (1), as the server makes them.
    if (segment === 'payments') record.status_id ??= '4'
    if (DOCUMENTS.has(segment)) {
      record.status_id ??= '1'
      // One invitation, for the party's first contact (as the server invites the contacts who get e-mail).
      const party = this.collection('clients').find((c) => c.id === record.client_id)
      const contact = Array.isArray(party?.contacts) ? (party.contacts[0] as Rec | undefined)?.id : undefined
      record.invitations ??= [
        {key: sha256(Buffer.from(id)).slice(0, 32), ...(contact ? {client_contact_id: contact} : {})},
      ]
      computeTotals(record)
    }
    records.push(record)
    return record
  }
}
