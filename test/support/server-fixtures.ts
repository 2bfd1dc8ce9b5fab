/**
 * The stand-in's fixed data: the records it starts with, the bytes of the files it serves, and
 * the fixed answers of ping, statics, reports and the web app's landing page.
 */
import type {Rec} from './server-values.js'

/** The PDF bytes served for an invitation key (or, for `GET /{seg}/{id}/download`, a record id). */
export function fakePdf(key: string): Buffer {
  const everyByte = Buffer.from(Array.from({length: 256}, (_, i) => i))
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), everyByte, Buffer.from(key), Buffer.from('\n%%EOF\n')])
}

/** The records a stand-in starts with and returns to on reset(). Fixed ids so tests can name them. */
export function defaultSeed(): Record<string, Rec[]> {
  return {
    clients: [
      {
        id: 'VolejRejNm',
        name: 'Acme Ltd',
        number: '0001',
        balance: 150,
        contacts: [{id: 'Wpmbk5ezJn', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@acme.test'}],
      },
      {id: 'Opnel5aKBz', name: 'Globex Corporation', number: '0002', balance: 0, contacts: []},
    ],
    invoices: [
      {
        id: 'WJxbojagwO',
        client_id: 'VolejRejNm',
        number: '0001',
        status_id: '2',
        date: '2024-01-15',
        due_date: '2024-02-14',
        amount: 150,
        balance: 150,
        line_items: [{product_key: 'Consulting', notes: 'January', quantity: 1, cost: 150}],
        invitations: [{key: 'invkey0001acmeQ7fK2mW9xR4tB8nL3p', client_contact_id: 'Wpmbk5ezJn'}],
      },
    ],
    quotes: [
      {
        id: 'Xy9kqR2mLb',
        client_id: 'VolejRejNm',
        number: '0001',
        status_id: '2',
        date: '2024-01-10',
        amount: 90,
        balance: 90,
        line_items: [{product_key: 'Audit', quantity: 1, cost: 90}],
        invitations: [{key: 'quokey0001acmeQ7fK2mW9xR4tB8nL3p', client_contact_id: 'Wpmbk5ezJn'}],
      },
    ],
    documents: [{id: 'Dk3mZ7pQx1', name: 'receipt.png', type: 'png', size: FAKE_PNG_SIZE, is_public: false}],
  }
}

/** The bytes of a stored PNG document: a real PNG signature, then filler. */
const FAKE_PNG_SIZE = 48
export function fakePng(id: string): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, Buffer.alloc(FAKE_PNG_SIZE - 8 - id.length, 7), Buffer.from(id)])
}

/** A zip's bytes as far as a client can tell: the local-file signature, then the ids. */
export function fakeZip(ids: string[]): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(ids.join('\n'))])
}

/** REPORT_CSV is what a finished CSV report answers (the JSON form carries the same rows). */
export const REPORT_CSV = '"Client","Number","Amount"\n"Acme Ltd","0001","1250.50"\n'

/** GET /ping and GET /statics. */
export const PING = {company_name: 'Stand-in Co', user_name: 'Test User'}
/** GET /health_check on a self-hosted server (SystemHealth::check): its checks, a healthy one's values. */
export const HEALTH = {
  system_health: true,
  extensions: [{mysqli: true}, {gd: true}, {curl: true}, {zip: true}],
  php_version: {
    minimum_php_version: '8.1',
    current_php_version: '8.3.11',
    current_php_cli_version: '8.3.11',
    is_okay: true,
    memory_limit: '1024M',
  },
  env_writable: true,
  simple_db_check: true,
  cache_enabled: false,
  phantom_enabled: false,
  exec: true,
  open_basedir: true,
  mail_mailer: 'smtp',
  flutter_renderer: 'auto',
  pdf_engine: 'SnapPDF',
  queue: 'redis',
  queue_data: {failed: 0, pending: 0, last_error: ''},
  jobs_pending: 0,
  trailing_slash: false,
  file_permissions: 'Ok',
  exchange_rate_api_not_configured: false,
  api_version: '5.10.42',
  is_docker: true,
  pending_migrations: false,
}
export const STATICS = {
  currencies: [
    {id: '1', name: 'US Dollar', code: 'USD', symbol: '$', precision: 2},
    {id: '3', name: 'Euro', code: 'EUR', symbol: '€', precision: 2},
    {id: '45', name: 'Japanese Yen', code: 'JPY', symbol: '¥', precision: 0},
    {id: '89', name: 'Kuwaiti Dinar', code: 'KWD', symbol: 'KD', precision: 3},
  ],
  countries: [
    {id: '840', name: 'United States', iso_3166_2: 'US', iso_3166_3: 'USA'},
    {id: '276', name: 'Germany', iso_3166_2: 'DE', iso_3166_3: 'DEU'},
  ],
  languages: [{id: '1', name: 'English - United States', locale: 'en'}],
  payment_types: [
    {id: '1', name: 'Bank Transfer'},
    {id: '2', name: 'Cash'},
  ],
}
/** GET /, where the 302 for a request without X-Requested-With leads. */
export const LANDING_PAGE = '<!DOCTYPE html><html><head><title>Invoice Ninja</title></head><body>Login</body></html>'

/** POST /filters/{entity} (FilterController): archive, restore, delete, then the entity's own (others: none). */
export function bulkMenu(entity: string): string[] {
  const own: Record<string, string[]> = {
    invoice: ['bulk_download', 'mark_paid', 'mark_sent', 'download', 'cancel', 'email'],
    quote: ['bulk_download', 'convert', 'convert_to_invoice', 'download', 'approve', 'email', 'mark_sent'],
    credit: ['bulk_download', 'download', 'email', 'mark_sent'],
    payment: ['bulk_download', 'download', 'email', 'email_receipt'],
    recurring_invoice: ['bulk_download', 'start', 'stop', 'email'],
  }
  return ['archive', 'restore', 'delete', ...(own[entity] ?? [])]
}
