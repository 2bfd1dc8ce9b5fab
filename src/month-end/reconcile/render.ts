/** What `reconcile` prints for people (pure): the proposals, how to apply them, what the server matched. */
import type {Rec} from '../read-all.js'
import type {Match} from './matches.js'
import type {Candidate, OpenInvoice, Proposal} from './proposals.js'

/** The decimals of a currency (by id; undefined: not known), as the statics give them. */
export type Decimals = (currencyId: string | undefined) => number

const TWO: Decimals = () => 2
const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : word.endsWith('h') ? 'es' : 's'}`

/** One transaction's lines: the deposit, then the invoices it pays, or the choices; amounts in their decimals. */
function proposalLines(p: Proposal, decimals: Decimals, pick?: Match): string[] {
  const invoiceText = (i: OpenInvoice): string =>
    `${i.number} (${i.client.name || i.client.id}, balance ${i.balance.toFixed(decimals(i.currency_id))})`
  const candidateText = (c: Candidate): string =>
    `${c.invoices.length === 1 ? 'invoice' : 'invoices'} ${c.invoices.map(invoiceText).join(' + ')} ` +
    `[${c.why.join(', ')}]`
  const t = p.transaction
  const head = `${t.id}  ${t.date}  ${t.amount.toFixed(decimals(t.currency_id))}  ${JSON.stringify(t.description)}`
  const lines = [head]
  if (p.status === 'none') lines.push('  no match: no open invoice fits')
  else if (p.status === 'certain') lines.push(`  certain: ${candidateText(p.candidates[0])}`)
  else {
    lines.push(`  ambiguous${p.note ? ` (${p.note})` : ''}:`)
    for (const c of p.candidates) lines.push(`    or ${candidateText(c)}`)
  }
  if (pick) lines.push(`  picked: invoices ${pick.invoices.map((i) => i.number).join(', ')}`)
  return lines
}

export function proposalsText(
  proposals: Proposal[],
  picks: Match[],
  applied: boolean,
  decimals: Decimals = TWO,
): string {
  const count = (status: string) => proposals.filter((p) => p.status === status).length
  const picked = new Map(picks.filter((m) => m.source === 'pick').map((m) => [m.transaction, m]))
  const head =
    `${plural(proposals.length, 'unmatched deposit')}: ${count('certain')} certain, ${count('ambiguous')} ambiguous, ` +
    `${count('none')} without a match`
  const blocks = proposals.map((p) => proposalLines(p, decimals, picked.get(p.transaction.id)).join('\n'))
  const lines = [head, ...(blocks.length > 0 ? ['', blocks.join('\n\n')] : [])]
  if (applied) return lines.join('\n')
  const ambiguous = proposals.find((p) => p.status === 'ambiguous' && !picked.has(p.transaction.id))
  const hint = ambiguous
    ? ` For an ambiguous one, choose: --pick ${ambiguous.transaction.id}=` +
      `${ambiguous.candidates[0].invoices.map((i) => i.number).join(',')} --yes.`
    : ''
  const what = [`${count('certain')} certain`, ...(picked.size > 0 ? [`${picked.size} picked`] : [])].join(', ')
  lines.push(
    '',
    picks.length > 0
      ? `Nothing was changed: add --yes to apply ${plural(picks.length, 'match')} (${what}), --dry-run to see the ` +
          `requests.${hint}`
      : `Nothing to apply.${hint}`,
  )
  return lines.join('\n')
}

/** The server's answer to the match requests: the transactions it matched, and those it left as they were. */
export function resultText(matches: Match[], answers: unknown[]): {text: string; matched: Rec[]; skipped: Match[]} {
  const matched = answers.flatMap((a) => {
    const data = (a as {data?: unknown} | null)?.data
    return Array.isArray(data) ? (data as Rec[]) : []
  })
  const done = new Set(matched.map((t) => String(t.id)))
  const skipped = matches.filter((m) => !done.has(m.transaction))
  const lines = matches
    .filter((m) => done.has(m.transaction))
    .map((m) => `matched ${m.transaction} → invoices ${m.invoices.map((i) => i.number).join(', ')} (${m.source})`)
  lines.push(`${plural(done.size, 'transaction')} matched, a payment each`)
  return {text: lines.join('\n'), matched, skipped}
}

/**
 * The proposals as `--output` formats print them: one flat row a deposit (what CSV shows: the date, amount,
 * description, the invoices chosen, their client, why), the candidates beside it for the document formats.
 */
export function proposalRows(proposals: Proposal[], matches: Match[]) {
  const chosen = new Map(matches.map((m) => [m.transaction, m]))
  return proposals.map((p) => {
    const match = chosen.get(p.transaction.id)
    const certain = p.status === 'certain' ? p.candidates[0] : undefined
    const invoices = match?.invoices ?? certain?.invoices ?? []
    return {
      transaction: p.transaction.id,
      date: p.transaction.date,
      amount: p.transaction.amount,
      description: p.transaction.description,
      bank_integration_id: p.transaction.bank_integration_id,
      status: p.status,
      picked: match?.source === 'pick',
      invoices: invoices.map((i) => i.number).join(','),
      invoice_ids: invoices.map((i) => i.id).join(','),
      choices:
        p.status === 'ambiguous' ? p.candidates.map((c) => c.invoices.map((i) => i.number).join('+')).join(' | ') : '',
      client: invoices[0]?.client.name ?? '',
      why: match?.source === 'pick' ? 'picked' : (certain?.why.join(',') ?? ''),
      note: p.note ?? '',
      candidates: p.candidates,
    }
  })
}
