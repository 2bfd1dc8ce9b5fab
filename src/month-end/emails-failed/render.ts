/** What `emails failed` prints for people (pure), and which records a resend e-mails, each once. */
import {wrapWords} from '@invoicing-cli/core/internal'

import type {Joined} from './join.js'
import type {NotResent, Resend} from './resend.js'

const when = (seconds: number): string =>
  seconds > 0 ? new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ') : 'unknown time'

/** The record as people name it: `invoice 0004`, else what the log says of it. */
const recordText = (f: Joined): string => {
  if (f.document) return `${f.record!.entity.replaceAll('_', ' ')} ${f.document.number || f.document.id}`
  if (f.record) return `${f.record.entity.replaceAll('_', ' ')} ${f.record.id} (no longer on the server)`
  return 'record not named in the log'
}

/**
 * The failures for people; `resendable`: how many records --resend would e-mail (the hint), none: no hint. `width`:
 * the terminal's, when stdout is one: long lines break between words, not mid-word.
 */
export function failedText(failed: Joined[], resendable?: number, width?: number): string {
  if (failed.length === 0) return 'No failed e-mails.'
  const lines = [`${failed.length} failed e-mail${failed.length === 1 ? '' : 's'}, newest first:`, '']
  for (const f of failed) {
    const who = f.client ? f.client.name || f.client.id : 'no client'
    lines.push(
      ...wrapWords(
        `${when(f.at)}  ${f.reason}: ${recordText(f)}, ${who}${f.recipient ? ` <${f.recipient}>` : ''}`,
        width,
      ),
      ...(f.detail ? wrapWords(f.detail, width, '  ') : []),
    )
  }
  if (resendable !== undefined && resendable > 0)
    lines.push(
      '',
      ...wrapWords(
        `To e-mail the ${resendable} record${resendable === 1 ? '' : 's'} that can be again: cli emails failed ` +
          '--resend --yes (--dry-run shows the requests).',
        width,
      ),
    )
  return lines.join('\n')
}

export const sentText = (records: Resend[]): string =>
  [
    ...records.map((r) => `e-mailed ${r.label}`),
    `${records.length} e-mail${records.length === 1 ? '' : 's'} sent`,
  ].join('\n')

/** The failures as `--output` formats print them: one flat row each (what CSV shows). */
export const failedRows = (failed: Joined[]) =>
  failed.map((f) => ({
    id: f.id,
    at: f.at > 0 ? new Date(f.at * 1000).toISOString() : '',
    reason: f.reason,
    event_id: f.event_id,
    type_id: f.type_id,
    entity: f.record?.entity ?? '',
    record_id: f.record?.id ?? '',
    family: f.document?.family ?? '',
    number: f.document?.number ?? '',
    client_id: f.client?.id ?? '',
    client: f.client?.name ?? '',
    recipient: f.recipient,
    detail: f.detail,
  }))

/** Why the chosen entries that are not resent are not: a line each, for stderr. */
export const notResentLines = (notResent: readonly NotResent[]): string[] =>
  notResent.map((n) => `not resent: log entry ${n.entry}: ${n.why}`)
