/**
 * The operations FACTS.md's "The server as it really is" lists beyond plain CRUD: e-mail a record
 * with a chosen template (POST /emails), refund a payment (POST /payments/refund), a client
 * statement (POST /client_statement). Data and pure builders; the registry names who has which.
 */
import {shown, usageError} from '../../errors.js'
import {parseAmount} from '../../input/field-syntax.js'
import {apiPath, checkId, type Json, type RequestSpec} from '../../plan/request.js'
import {money} from '../../plan/bulk.js'
import type {Operation, Values} from './operation.js'

/** The server's e-mail template names (POST /emails `template`). */
export const EMAIL_TEMPLATES = [
  'email_template_invoice',
  'email_template_quote',
  'email_template_credit',
  'email_template_payment',
  'email_template_purchase_order',
  'email_template_reminder1',
  'email_template_reminder2',
  'email_template_reminder3',
  'email_template_reminder_endless',
  'email_template_custom1',
  'email_template_custom2',
  'email_template_custom3',
] as const

/** The server takes at most four cc addresses. */
export const MAX_CC = 4

const post = (
  family: string,
  path: string,
  body: Json,
  id?: string,
  query: Array<[string, string]> = [],
): RequestSpec => ({
  method: 'POST',
  path,
  query,
  body,
  changes: true,
  record: {family, ids: id === undefined ? [] : [id]},
})

/** Drops the keys whose value is undefined (flags not given). */
const defined = (o: Record<string, Json | undefined>): {[key: string]: Json} =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {[key: string]: Json}

/**
 * `<family> email ID`: POST /emails {entity, entity_id, template, subject?, body?, cc_email?}.
 * `entity` is the server's model name (`purchase_order`), `template` the default template (the entity's own).
 */
export function emailOperation(family: string, entity: string, template = `email_template_${entity}`): Operation {
  if (!(EMAIL_TEMPLATES as readonly string[]).includes(template))
    throw new Error(`registry: ${family} names unknown e-mail template ${template}`)
  return {
    name: 'email',
    summary: `E-mail one ${entity.replaceAll('_', ' ')} to its contacts with a chosen template.`,
    route: 'POST /api/v1/emails',
    idArg: `The ${entity.replaceAll('_', ' ')}: its id or number.`,
    mutating: true,
    flags: {
      template: {
        kind: 'string',
        options: EMAIL_TEMPLATES,
        summary: `Template (default ${template}): reminders are email_template_reminder1..3 and _endless.`,
      },
      subject: {kind: 'string', summary: "Subject instead of the template's."},
      body: {kind: 'string', summary: "Body instead of the template's."},
      cc: {
        kind: 'email',
        multiple: true,
        commas: true,
        max: MAX_CC,
        summary: `Copy to this address (repeatable, or comma-separated: a@x.test,b@x.test; at most ${MAX_CC} in all).`,
      },
    },
    examples: [
      `<%= config.bin %> ${family} email {id} --yes`,
      `<%= config.bin %> ${family} email {id} --template email_template_reminder1 --cc ap@acme.test --dry-run`,
    ],
    said: (v) => ({
      did: 'e-mailed',
      follow: 'contacts',
      ...(Array.isArray(v.cc) ? {after: `, cc ${v.cc.join(', ')}`} : {}),
    }),
    build: (v: Values, id: string) => ({
      request: post(
        family,
        apiPath('emails'),
        defined({
          entity,
          entity_id: checkId(id, 'id'),
          template: v.template ?? template,
          subject: v.subject,
          body: v.body,
          cc_email: Array.isArray(v.cc) ? v.cc.join(',') : undefined,
        }),
        id,
      ),
    }),
  }
}

/** `payments refund ID --amount N --date D [--invoice ID:AMOUNT]...`: POST /payments/refund. */
export const refundOperation: Operation = {
  name: 'refund',
  summary: 'Refund a payment, in whole or in part, optionally through the gateway.',
  route: 'POST /api/v1/payments/refund',
  idArg: 'The payment: its id or number.',
  mutating: true,
  // The server reads these (client_id is the payment's own: it is not read, and so warned).
  reads: '',
  flags: {
    amount: {
      kind: 'number',
      sign: 'positive',
      summary: "Amount to refund (above 0); without it the server refunds the --invoice amounts' sum.",
    },
    // The server's only rule is `required`: it parses the date as PHP does (2024-03-01, 2024/03/01, ...).
    date: {kind: 'text', required: true, summary: 'Refund date (YYYY-MM-DD; the server also parses 2024/03/01).'},
    invoice: {
      kind: 'string',
      multiple: true,
      records: 'invoices',
      summary: 'An invoice the refund applies to, as INVOICE:AMOUNT, the invoice by id or number (repeatable).',
    },
    'gateway-refund': {kind: 'boolean', summary: 'Also refund through the payment gateway (default: record only).'},
    'send-email': {kind: 'boolean', summary: 'E-mail the client a refund notice.'},
  },
  examples: [
    '<%= config.bin %> payments refund {id} --amount 25 --date 2024-03-01 --yes',
    '<%= config.bin %> payments refund {id} --amount 25 --date 2024-03-01 --invoice {invoices}:25 --dry-run',
  ],
  build(v, id) {
    const invoices = ((v.invoice as string[] | undefined) ?? []).map((pair) => {
      const m = /^([A-Za-z0-9_-]+):(.+)$/.exec(pair)
      if (!m || !/^-?\d+(\.\d+)?$/.test(m[2].trim()))
        throw usageError(`--invoice ${shown(pair)} must be INVOICE_ID:AMOUNT, e.g. WJxbojagwO:25.50`)
      // The same amount rules as --amount: exact or refused, above 0.
      return {invoice_id: checkId(m[1], '--invoice id'), amount: parseAmount(m[2], `--invoice ${m[1]}`, 'positive')}
    })
    // What was asked, nothing more: the server takes a missing gateway_refund and send_email as false.
    const body = defined({
      id: checkId(id, 'id'),
      amount: v.amount,
      date: v.date,
      invoices: invoices.length > 0 ? invoices : undefined,
      gateway_refund: v['gateway-refund'],
      send_email: v['send-email'],
    })
    return {request: post('payments', apiPath('payments', 'refund'), body, id)}
  },
  said: (v) => ({
    did: v.amount === undefined ? 'refunded the invoices given of' : `refunded ${money(v.amount)} of`,
    ...(v['send-email'] ? {after: ', refund notice e-mailed'} : {}),
  }),
}

/**
 * `clients statement ID --start-date D --end-date D`: POST /client_statement. The PDF goes to
 * --output-file; with --send-email the server e-mails it instead (a change: --yes).
 */
export const statementOperation: Operation = {
  name: 'statement',
  summary: 'A client statement for a period: the PDF to --output-file, or e-mailed with --send-email.',
  route: 'POST /api/v1/client_statement',
  idArg: 'The client: its id, name, number or contact e-mail.',
  mutating: (input) => Boolean(input['send-email']),
  outputFile: true,
  flags: {
    'start-date': {kind: 'date', required: true, summary: 'First day (YYYY-MM-DD).'},
    'end-date': {kind: 'date', required: true, summary: 'Last day (YYYY-MM-DD).'},
    status: {
      kind: 'string',
      options: ['all', 'paid', 'unpaid'],
      summary: 'Which invoices: all, paid or unpaid (server default: all).',
    },
    payments: {kind: 'boolean', negatable: true, summary: 'Include the payments table (--no-payments: leave it out).'},
    aging: {kind: 'boolean', negatable: true, summary: 'Include the aging table (--no-aging: leave it out).'},
    credits: {kind: 'boolean', negatable: true, summary: 'Include the credits table (--no-credits: leave it out).'},
    'send-email': {
      kind: 'boolean',
      summary: 'E-mail the statement to the client instead of downloading it (needs --yes).',
    },
  },
  examples: [
    '<%= config.bin %> clients statement {id} --start-date 2024-01-01 --end-date 2024-03-31 --payments ' +
      '--output-file statement.pdf',
    '<%= config.bin %> clients statement {id} --start-date 2024-01-01 --end-date 2024-03-31 --status ' +
      'unpaid --send-email --yes',
  ],
  build(v, id) {
    const emailed = Boolean(v['send-email'])
    if (emailed === (v['output-file'] !== undefined))
      throw usageError(
        'clients statement needs either --output-file PATH (the PDF) or --send-email (the server e-mails it)',
      )
    if (String(v['start-date']) > String(v['end-date']))
      throw usageError(`--start-date ${v['start-date']} is after --end-date ${v['end-date']}`)
    const body = defined({
      client_id: checkId(id, 'id'),
      start_date: v['start-date'],
      end_date: v['end-date'],
      // A table not asked either way is left to the server's default (the company's statement settings).
      show_payments_table: v.payments,
      show_aging_table: v.aging,
      show_credits_table: v.credits,
      status: v.status,
    })
    const request = {
      ...post('clients', apiPath('client_statement'), body, id, emailed ? [['send_email', 'true']] : []),
      changes: emailed,
    }
    return emailed ? {request} : {request, file: 'pdf'}
  },
  said: (v) =>
    v['send-email'] ? {did: 'e-mailed the statement of', after: `, ${v['start-date']} to ${v['end-date']}`} : undefined,
}
