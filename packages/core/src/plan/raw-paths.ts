/**
 * What a raw path under /api/v1 is on the server, for the commands that take one (`cli api`, a
 * runner's --endpoint): whether a GET there runs a record action, and whether the route needs
 * X-API-PASSWORD. FACTS.md: "A GET action changes records (`email` sends mail, `clone_to_invoice`
 * creates an invoice, `mark_paid` records a payment): it is not safe to repeat, whatever its HTTP method."
 */
import {type Family} from '../registry/types.js'
import {FAMILIES} from '../registry/registry.js'

/** Words after {seg}/{id}/ that only read: the PDF, the edit template, the delivery note. */
const READS = new Set(['download', 'edit', 'delivery_note'])

// Routes outside the families' own that need the password (FACTS.md: client purge and merge, company purge).
const PASSWORD_ROUTES = [
  /^clients\/[^/]+\/purge$/,
  /^clients\/[^/]+\/[^/]+\/merge$/,
  /^companies\/purge(?:_save_settings)?\/[^/]+$/,
]

export interface GetAction {
  family: Family
  id: string
  action: string
}

/** `invoices/WJxbojagwO/mark_paid` → the record action a GET (or HEAD) there runs; undefined for a read. */
export function getActionOf(path: string): GetAction | undefined {
  const [segment, id, action, ...rest] = path.split('/')
  if (action === undefined || rest.length > 0 || READS.has(action)) return undefined
  const family = FAMILIES.find((f) => f.segment === segment && f.getActionRoute)
  return family && {family, id, action}
}

/** Whether a route needs X-API-PASSWORD: a password-protected family's, or one of the purge and merge routes. */
export function needsPassword(path: string): boolean {
  const segment = path.split('/')[0]
  // The segment first: a family's entry is made only for the family the path names.
  return (
    FAMILIES.some((f) => f.segment === segment && f.passwordProtected) ||
    PASSWORD_ROUTES.some((route) => route.test(path))
  )
}
