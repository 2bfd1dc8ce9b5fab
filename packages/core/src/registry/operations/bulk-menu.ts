/**
 * The bulk actions the web UI's menu offers for a family: POST /filters/{entity} (FilterController) answers archive,
 * restore and delete, and more for the five entities it names. Elsewhere it answers those three for any name, so only
 * these five have the command; `cli FAMILY bulk --help` lists every action the CLI sends.
 */
import type {Operation} from './operation.js'
import {recordRoute} from './record-routes.js'

/** FilterController's entities, by route segment. */
const MENU_ENTITIES: Readonly<Record<string, string>> = {
  invoices: 'invoice',
  quotes: 'quote',
  credits: 'credit',
  payments: 'payment',
  recurring_invoices: 'recurring_invoice',
}

/** The `bulk-actions` command of the family with this route segment, where the server has a menu of its own. */
export function bulkMenuOperations(word: string, segment: string): Operation[] {
  const entity = MENU_ENTITIES[segment]
  if (!entity) return []
  return [
    recordRoute({
      name: 'bulk-actions',
      summary: `The bulk actions the server's web UI offers for ${word.replaceAll('-', ' ')} (its menu).`,
      method: 'POST',
      path: `filters/${entity}`,
      family: word,
      mutating: false,
      examples: [`<%= config.bin %> ${word} bulk-actions`],
    }),
  ]
}
