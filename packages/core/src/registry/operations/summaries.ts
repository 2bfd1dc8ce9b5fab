/**
 * What each change says it did (plan/summary.ts prints the line): the verbs', and each bulk action's, as data. An
 * operation's own words are in its entry (Operation.summary); the side effects on save add theirs (save-effects.ts).
 */
import type {SummaryWords} from '../../plan/summary.js'

/** The plain verbs that change records. */
export const VERB_WORDS = {
  create: {did: 'created'},
  update: {did: 'updated'},
  delete: {did: 'deleted'},
} as const satisfies Record<string, SummaryWords>

/**
 * The bulk and single-record actions (FACTS.md's table): what each did, and what the answer only points to. An action
 * not listed says `ran <action> on`.
 */
const ACTION_WORDS: Readonly<Record<string, SummaryWords>> = {
  archive: {did: 'archived'},
  restore: {did: 'restored'},
  delete: {did: 'deleted'},
  mark_paid: {did: 'marked paid', follow: 'payment'},
  auto_bill: {did: 'auto-billed', follow: 'payment'},
  mark_sent: {did: 'marked sent'},
  email: {did: 'e-mailed', follow: 'contacts'},
  send_email: {did: 'e-mailed', follow: 'contacts'},
  email_receipt: {did: 'e-mailed the receipt of', follow: 'contacts'},
  cancel: {did: 'cancelled'},
  approve: {did: 'approved'},
  convert_to_invoice: {did: 'converted', follow: 'invoice'},
  start: {did: 'started'},
  stop: {did: 'stopped'},
  send_now: {did: 'sent now', follow: 'contacts'},
}

export const actionWords = (action: string): SummaryWords => ACTION_WORDS[action] ?? {did: `ran ${action} on`}
