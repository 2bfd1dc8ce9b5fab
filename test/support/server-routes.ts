/**
 * The stand-in's route table: what the real server registers (its routes/api.php, as FACTS.md's
 * "The server as it really is" reads it), written here independently of the CLI's registry so the
 * end-to-end tests catch a command that calls a route the server lacks. Anything not listed lands
 * on the server's catch-all 404 and changes nothing.
 *
 * Route words: list (GET /seg), show (GET /seg/{id}), create (POST /seg), update (PUT /seg/{id}),
 * delete (DELETE /seg/{id}), template (GET /seg/create), edit (GET /seg/{id}/edit), bulk
 * (POST /seg/bulk), upload (PUT, as multipart POST with _method=PUT, /seg/{id}/upload), actions
 * (GET /seg/{id}/{action}), download (GET /seg/{id}/download: a stored file).
 */
export type RouteWord =
  'list' | 'show' | 'create' | 'update' | 'delete' | 'template' | 'edit' | 'bulk' | 'upload' | 'actions' | 'download'

const STANDARD = 'list show create update delete template edit bulk'

const TABLE: Record<string, string> = {
  activities: 'list',
  bank_integrations: STANDARD,
  bank_transactions: STANDARD,
  bank_transaction_rules: STANDARD,
  client_gateway_tokens: 'list show create update delete template edit',
  clients: `${STANDARD} upload`,
  companies: 'list show create update delete template edit upload',
  company_gateways: STANDARD,
  company_ledger: 'list',
  // GET /{seg}/{id}/{action} exists for these four only.
  credits: `${STANDARD} upload actions`,
  designs: STANDARD,
  // Documents are a full resource on the server, though the document lists only the list route.
  documents: 'list show update delete bulk download',
  expense_categories: STANDARD,
  expenses: `${STANDARD} upload`,
  group_settings: `${STANDARD} upload`,
  invoices: `${STANDARD} upload actions`,
  payment_terms: STANDARD,
  // No GET action route: the payments controller has no action method at all.
  payments: `${STANDARD} upload`,
  products: `${STANDARD} upload`,
  projects: `${STANDARD} upload`,
  purchase_orders: `${STANDARD} upload actions`,
  quotes: `${STANDARD} upload actions`,
  recurring_expenses: `${STANDARD} upload`,
  recurring_invoices: `${STANDARD} upload`,
  recurring_quotes: STANDARD,
  subscriptions: STANDARD,
  system_logs: 'list show',
  task_schedulers: 'list show create update delete template bulk',
  task_statuses: STANDARD,
  tasks: `${STANDARD} upload`,
  // The server routes POST /tax_rates, which the document omits.
  tax_rates: STANDARD,
  tokens: STANDARD,
  // No DELETE /users/{id} (users are removed through bulk) and no GET /users/{id}/edit.
  users: 'list show create update template bulk',
  vendors: `${STANDARD} upload`,
  webhooks: STANDARD,
}

const ROUTES = new Map(
  Object.entries(TABLE).map(([segment, words]) => [segment, new Set(words.split(' ') as RouteWord[])]),
)

/** Whether the server registers this route for the segment. */
export const routed = (segment: string, word: RouteWord): boolean => ROUTES.get(segment)?.has(word) ?? false

/** Singular segments of `GET /{singular}/{invitation_key}/download` (none for recurring invoices). */
export const INVITATION_ENTITIES: ReadonlySet<string> = new Set(['quote', 'purchase_order', 'invoice', 'credit'])
