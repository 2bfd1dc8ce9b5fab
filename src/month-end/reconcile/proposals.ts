/**
 * Which open invoices an unmatched deposit pays, decided from the records alone (pure): an invoice number in the
 * description, a client named in the description whose open invoices add up to the amount, one open invoice of
 * exactly that balance. A proposal is certain only when the evidence points one way, the payer's own words name the
 * invoice or the client (an amount alone is a guess), and the deposit is in the client's currency (the server pays
 * at face value in the deposit's); anything else is ambiguous and is never applied without a person's --pick.
 */
import type {Rec} from '../read-all.js'

export type Why = 'number-in-description' | 'client-named-sum' | 'exact-balance'
export type Status = 'certain' | 'ambiguous' | 'none'

export interface Deposit {
  id: string
  date: string
  amount: number
  description: string
  bank_integration_id: string
  /** The server's currency id (`1` when it has none, as its transformer answers). */
  currency_id: string
}

export interface OpenInvoice {
  id: string
  number: string
  balance: number
  client: {id: string; name: string}
  /** The client's currency id; undefined when it cannot be known from what was read (a group's settings). */
  currency_id?: string
}

export interface Candidate {
  invoices: OpenInvoice[]
  why: Why[]
}

export interface Proposal {
  transaction: Deposit
  status: Status
  candidates: Candidate[]
  /** Why a proposal is ambiguous, when the candidates alone do not say it. */
  note?: string
}

/** Amounts compared in cents, as the server rounds money. */
export const cents = (n: number): number => Math.round(n * 100)
const num = (v: unknown): number => (typeof v === 'number' ? v : Number.parseFloat(String(v ?? ''))) || 0
const str = (v: unknown): string => (typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v))

/** An unmatched deposit of the server's list: status 1 (unmatched), base_type CREDIT, not deleted. */
export function depositOf(r: Rec): Deposit | undefined {
  if (r.is_deleted === true || str(r.base_type) !== 'CREDIT' || str(r.status_id) !== '1') return undefined
  return {
    id: str(r.id),
    date: str(r.date),
    amount: num(r.amount),
    description: str(r.description),
    bank_integration_id: str(r.bank_integration_id),
    currency_id: str(r.currency_id) || '1',
  }
}

/**
 * The currency of an invoice's client as the server settles it (Client::getSetting): the client's own settings, else
 * its group's (not read: unknown), else the company's.
 */
export function clientCurrency(client: Rec, companyCurrency: string | undefined): string | undefined {
  const own = str(((client.settings ?? {}) as Rec).currency_id)
  if (own !== '') return own
  return str(client.group_settings_id) === '' ? companyCurrency : undefined
}

/** Whether a client's currency comes from the company's settings (then the company is read for it). */
export const needsCompanyCurrency = (r: Rec): boolean =>
  clientCurrency((r.client ?? {}) as Rec, '?') === '?' && openInvoiceOf(r) !== undefined

/** An invoice that can still be paid: sent or partly paid (status 2, 3), not deleted, a balance above 0. */
export function openInvoiceOf(r: Rec, companyCurrency?: string): OpenInvoice | undefined {
  if (r.is_deleted === true || !['2', '3'].includes(str(r.status_id)) || cents(num(r.balance)) <= 0) return undefined
  const client = (r.client ?? {}) as Rec
  return {
    id: str(r.id),
    number: str(r.number),
    balance: num(r.balance),
    client: {id: str(r.client_id), name: str(client.display_name) || str(client.name)},
    currency_id: clientCurrency(client, companyCurrency),
  }
}

const escape = (s: string): string => s.replaceAll(/[.*+?^${}()|[\]\\]/g, String.raw`\$&`)
/** `text` holds `word` as a whole: no letter or digit right before or after it. */
const holds = (text: string, word: string): boolean =>
  word !== '' && new RegExp(`(?<![\\p{L}\\p{N}])${escape(word)}(?![\\p{L}\\p{N}])`, 'iu').test(text)

// What a bank description often leaves out of a client's name.
const LEGAL_SUFFIX = /[\s,]+(ltd|limited|inc|llc|gmbh|ag|corp|corporation|co|company|plc|sa|sarl|bv)\.?$/i
/** The client's name as a bank line would carry it: without its legal form; none when too short to tell. */
function nameInDescriptions(name: string): string | undefined {
  const core = name.trim().replace(LEGAL_SUFFIX, '').trim()
  return core.length >= 3 ? core : undefined
}

const total = (invoices: OpenInvoice[]): number => invoices.reduce((sum, i) => sum + cents(i.balance), 0)
const key = (invoices: OpenInvoice[]): string =>
  invoices
    .map((i) => i.id)
    .sort()
    .join(',')

/** Every candidate of one deposit, the same invoices found by several rules merged into one. */
function candidatesOf(deposit: Deposit, open: OpenInvoice[]): {found: Candidate[]; named?: Candidate} {
  const found = new Map<string, Candidate>()
  const add = (invoices: OpenInvoice[], why: Why) => {
    const k = key(invoices)
    const known = found.get(k)
    if (known) known.why.push(why)
    else found.set(k, {invoices, why: [why]})
  }
  const amount = cents(deposit.amount)
  const numbered = open.filter((i) => holds(deposit.description, i.number))
  if (numbered.length > 0) add(numbered, 'number-in-description')
  const byClient = new Map<string, OpenInvoice[]>()
  for (const i of open) byClient.set(i.client.id, [...(byClient.get(i.client.id) ?? []), i])
  for (const invoices of byClient.values()) {
    const name = nameInDescriptions(invoices[0].client.name)
    if (name && holds(deposit.description, name) && total(invoices) === amount) add(invoices, 'client-named-sum')
  }
  for (const i of open) if (cents(i.balance) === amount) add([i], 'exact-balance')
  return {found: [...found.values()], named: numbered.length > 0 ? found.get(key(numbered)) : undefined}
}

const oneClient = (c: Candidate): boolean => new Set(c.invoices.map((i) => i.client.id)).size === 1

/** One deposit's proposal, before other deposits are looked at. */
function propose(deposit: Deposit, open: OpenInvoice[]): Proposal {
  const {found, named} = candidatesOf(deposit, open)
  const proposal = (status: Status, candidates: Candidate[], note?: string): Proposal => ({
    transaction: deposit,
    status,
    candidates,
    ...(note ? {note} : {}),
  })
  if (found.length === 0) return proposal('none', [])
  // An invoice number in the description is the payer's own word: it decides when it adds up.
  if (named) {
    if (!oneClient(named)) return proposal('ambiguous', found, 'the invoices named belong to different clients')
    if (total(named.invoices) === cents(deposit.amount)) return proposal('certain', [named])
    return proposal('ambiguous', found, "the invoices named do not add up to the deposit's amount")
  }
  const byName = found.filter((c) => c.why.includes('client-named-sum'))
  if (byName.length === 1) return proposal('certain', byName)
  if (found.length > 1) return proposal('ambiguous', found)
  return proposal('ambiguous', found, 'only the amount matches: the description names neither invoice nor client')
}

/** A certain proposal in another currency than the deposit's is a person's decision: the server converts nothing. */
function sameCurrency(p: Proposal): Proposal {
  const currency = p.transaction.currency_id
  const other = p.candidates.flatMap((c) => c.invoices).find((i) => i.currency_id !== currency)
  if (p.status !== 'certain' || other === undefined) return p
  const theirs =
    other.currency_id === undefined ? "the client's currency is not known" : `the client's is ${other.currency_id}`
  return {...p, status: 'ambiguous', note: `the deposit is in currency ${currency}, ${theirs}`}
}

/**
 * The proposals of every deposit, oldest first. Two certain proposals that would pay the same invoice are both
 * ambiguous: one payment would be refused or booked twice.
 */
export function proposals(deposits: Deposit[], open: OpenInvoice[]): Proposal[] {
  const all = [...deposits]
    .sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id))
    .map((d) => sameCurrency(propose(d, open)))
  const claims = new Map<string, number>()
  for (const p of all)
    if (p.status === 'certain') for (const i of p.candidates[0].invoices) claims.set(i.id, (claims.get(i.id) ?? 0) + 1)
  return all.map((p) =>
    p.status === 'certain' && p.candidates[0].invoices.some((i) => (claims.get(i.id) ?? 0) > 1)
      ? {...p, status: 'ambiguous', note: 'another deposit is proposed for the same invoice'}
      : p,
  )
}
