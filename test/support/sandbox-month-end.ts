/**
 * The sandbox's month-end records (part of sandbox-data.ts): open invoices and the unmatched deposits that pay
 * them, one for each way `cli reconcile` finds a match, an ambiguous one and one that matches nothing.
 */
import type {Rec} from './server-values.js'

const ACME = 'VolejRejNm'
const GLOBEX = 'Opnel5aKBz'
const INITECH = 'Kd8xQ2pLmA'

/** The contact each client's invitations go to (Globex has none: its invoices reach no one). */
const CONTACT: Record<string, string> = {[ACME]: 'Wpmbk5ezJn', [INITECH]: 'Ct3bL7mNq2'}
/** Initech's contact, as the sandbox's and the tests' Initech hold it. */
export const INITECH_CONTACT = {id: 'Ct3bL7mNq2', first_name: 'Bill', last_name: 'Lumbergh', email: 'bill@initech.test'}

const invoice = (id: string, number: string, clientId: string, amount: number, date: string): Rec => ({
  id,
  client_id: clientId,
  number,
  status_id: '2',
  date,
  due_date: date.replace(/-(\d\d)-/, (_, m: string) => `-${String(Number(m) + 1).padStart(2, '0')}-`),
  amount,
  balance: amount,
  paid_to_date: 0,
  line_items: [{product_key: 'Consulting', quantity: 1, cost: amount, line_total: amount}],
  invitations: [
    {key: `invkey${number}${id.toLowerCase()}`, ...(CONTACT[clientId] ? {client_contact_id: CONTACT[clientId]} : {})},
  ],
})

export const MONTH_END_INVOICES: Rec[] = [
  invoice('Iv4gH2kLm1', '0004', GLOBEX, 240, '2024-02-05'),
  invoice('Iv5hJ3lMn2', '0005', INITECH, 120, '2024-02-06'),
  invoice('Iv6jK4mNp3', '0006', INITECH, 80.5, '2024-02-07'),
  invoice('Iv7kL5nPq4', '0007', GLOBEX, 333.33, '2024-02-08'),
  invoice('Iv8lM6pQr5', '0008', GLOBEX, 90, '2024-02-09'),
  invoice('Iv9mN7qRs6', '0009', ACME, 90, '2024-02-09'),
]

const deposit = (id: string, date: string, amount: number, description: string): Rec => ({
  id,
  bank_integration_id: 'Bi7kQ2mXw4',
  date,
  amount,
  description,
  base_type: 'CREDIT',
  status_id: '1',
  currency_id: '1',
})

export const MONTH_END_DEPOSITS: Rec[] = [
  deposit('Bt1aK4mQz7', '2024-03-01', 240, 'GLOBEX CORP PAYMENT INV-0004'),
  deposit('Bt2bL5nRy8', '2024-03-02', 200.5, 'INITECH FEBRUARY SETTLEMENT'),
  deposit('Bt3cM6pSx9', '2024-03-03', 333.33, 'SEPA TRANSFER REF 88123'),
  deposit('Bt4dN7qTw1', '2024-03-04', 90, 'BANK GIRO 5521'),
  deposit('Bt6fQ9sVu3', '2024-03-05', 1.23, 'INTEREST'),
]

const ONE_DAY = 86_400
/** 2024-03-04 09:00 UTC and the days around it: the system log's times are Unix seconds. */
const MARCH_4 = 1_709_542_800

const mailLog = (id: string, event: number, type: number, client: string, at: number, log: unknown): Rec => ({
  id,
  category_id: 2,
  event_id: event,
  type_id: type,
  client_id: client,
  // The server's transformer json_encodes `log`: a string in every answer.
  log: JSON.stringify(log),
  created_at: at,
  updated_at: at,
})

const history = (entity: string, entityId: string, recipient: string, status: string, message: string) => ({
  recipients: recipient,
  subject: 'Invoice from Stand-in Co',
  entity,
  entity_id: entityId,
  events: [{recipient, status, delivery_message: message, server: '', server_ip: '', date: '2024-03-04 09:00:00'}],
})

/** Mail entries of the system log: a bounce, a spam complaint, a delivery a bounce rewrote, a send failure. */
export const MONTH_END_SYSTEM_LOGS: Rec[] = [
  mailLog('Sl2bN4xQp6', 32, 500, 'VolejRejNm', MARCH_4, {
    RecordType: 'Bounce',
    Type: 'HardBounce',
    Email: 'ada@acme.test',
    Description: 'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
    MessageID: 'msg-0001',
    history: history('invoice', 'WJxbojagwO', 'ada@acme.test', 'Bounced', 'smtp;550 5.1.1 user unknown'),
  }),
  mailLog('Sl3cP5yRq7', 33, 500, 'VolejRejNm', MARCH_4 - ONE_DAY, {
    event: 'spam',
    email: 'ada@acme.test',
    'message-id': 'msg-0002',
    history: history('quote', 'Xy9kqR2mLb', 'ada@acme.test', 'spam', 'marked as spam'),
  }),
  mailLog('Sl4dQ6zSr8', 34, 500, 'Kd8xQ2pLmA', MARCH_4 - 2 * ONE_DAY, {
    RecordType: 'Bounce',
    Type: 'SoftBounce',
    Email: 'bill@initech.test',
    Description: 'Mailbox full',
    MessageID: 'msg-0003',
    history: history('invoice', 'Iv5hJ3lMn2', 'bill@initech.test', 'Bounced', 'smtp;552 mailbox full'),
  }),
  mailLog(
    'Sl5eR7aTs9',
    30,
    303,
    'VolejRejNm',
    MARCH_4 - 3 * ONE_DAY,
    'Connection could not be established with host smtp.example.test',
  ),
  mailLog('Sl6fS8bUt1', 34, 500, 'VolejRejNm', MARCH_4 - 4 * ONE_DAY, {
    RecordType: 'Delivery',
    Recipient: 'ada@acme.test',
    MessageID: 'msg-0004',
    history: history('invoice', 'WJxbojagwO', 'ada@acme.test', 'Delivered', 'OK'),
  }),
]
