/**
 * What was e-mailed again since it failed, from the journal of changes (issue 34): each e-mail the server took
 * (`POST /api/v1/emails`, whatever sent it: `emails failed --resend`, `cli invoices email`) is a journal entry with
 * the record it names, the server's host and the time. A failure whose record was e-mailed since is not resent again.
 */
import type {JournalEntry} from '@invoicing-cli/core/internal'

/** `invoice/WJxbojagwO` → when it was last e-mailed through this server (ms since the epoch). */
export function emailedSince(journal: readonly JournalEntry[], baseUrl: string): Map<string, number> {
  const host = new URL(baseUrl).host
  const last = new Map<string, number>()
  for (const e of journal) {
    if (!e.outcome.ok || e.host !== host || e.method !== 'POST' || e.path !== '/api/v1/emails') continue
    const body = (e.body ?? {}) as {entity?: unknown; entity_id?: unknown}
    if (typeof body.entity !== 'string' || typeof body.entity_id !== 'string') continue
    const key = `${body.entity}/${body.entity_id}`
    last.set(key, Math.max(last.get(key) ?? 0, Date.parse(e.time) || 0))
  }
  return last
}
