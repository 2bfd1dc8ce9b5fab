/** What `emails failed` prints for people (pure), and which records a resend e-mails, each once. */
import {wrapWords} from '@invoicing-cli/core/internal'

import type {Joined} from './join.js'

const when = (seconds: number): string =>
  seconds > 0 ? new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ') : 'unknown time'

/** The record as people name it: `invoice 0004`, else what the log says of it. */
const recordText = (f: Joined): string => {
  if (f.document) return `${f.record!.entity.replaceAll('_', ' ')} ${f.document.number || f.document.id}`
  if (f.record) return `${f.record.entity.replaceAll('_', ' ')} ${f.record.id} (no longer on the server)`
  return 'record not named in the log'
}

export interface Resend {
  entity: string
  id: string
  label: string
}

/** The records to e-mail again: each named one that still exists, once; and how many entries name none. */
export function resendList(failed: Joined[]): {records: Resend[]; unnamed: number} {
  const records = new Map<string, Resend>()
  let unnamed = 0
  for (const f of failed) {
    if (!f.document || !f.record) {
      unnamed++
      continue
    }
    const key = `${f.record.entity}/${f.document.id}`
    if (!records.has(key))
      records.set(key, {
        entity: f.record.entity,
        id: f.document.id,
        label: `${recordText(f)}${f.client?.name ? `, ${f.client.name}` : ''}`,
      })
  }
  return {records: [...records.values()], unnamed}
}

/** `width`: the terminal's, when stdout is one: long lines break between words, not mid-word. */
export function failedText(failed: Joined[], hint = true, width?: number): string {
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
  const {records} = resendList(failed)
  if (hint && records.length > 0)
    lines.push(
      '',
      ...wrapWords(
        `To e-mail the ${records.length} record${records.length === 1 ? '' : 's'} named again: cli emails failed ` +
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
