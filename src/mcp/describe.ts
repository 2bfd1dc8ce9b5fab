/**
 * The describe tool: the registry as an agent reads it, from the same sources as `--help` (the family's verbs,
 * actions and operations, the server's fields, required fields and list filters, the keys records are found by).
 * Sends nothing.
 */
import {
  type Codes,
  FAMILIES,
  family,
  fieldTypes,
  keeperOf,
  keyNames,
  names,
  requiredFields,
  serverFacts,
  shownFilters,
  supportedVerbs,
  unchangingFields,
} from '@invoicing-cli/core/internal'

/** Without a family: every family of the selection, one line each. */
function overview(families: readonly string[]) {
  return {
    families: FAMILIES.filter((f) => families.includes(f.word)).map((f) => ({
      family: f.word,
      description: f.description,
      verbs: supportedVerbs(f),
    })),
    next: 'describe {family} for its filters, fields and keys',
  }
}

/**
 * Fields a verb takes that change nothing: the request sets them aside (a product's stock unless its keeper is true),
 * or every save works them out itself (a document's amount). An agent that sends only these gets exit 5.
 */
function changesNothing(word: string): Record<string, string[]> | undefined {
  const out: Record<string, string[]> = {}
  for (const verb of ['create', 'update'] as const) {
    const {aside, worked} = unchangingFields(word, verb)
    const keeper = (name: string) => keeperOf(word, name)
    const list = [...aside.map((name) => (keeper(name) ? `${name} (unless ${keeper(name)} is true)` : name)), ...worked]
    if (list.length > 0) out[verb] = list
  }
  return Object.keys(out).length > 0 ? out : undefined
}

/** The names of coded fields' values other than the status, by field; undefined where there are none. */
function otherCodes(codes: Codes | undefined): Record<string, Record<string, string>> | undefined {
  const fields = [...(codes ?? [])].filter(([field]) => field !== 'status_id')
  return fields.length > 0
    ? Object.fromEntries(fields.map(([field, names]) => [field, Object.fromEntries(names)]))
    : undefined
}

/** One family in full. */
function detail(word: string) {
  const f = family(word)
  const facts = serverFacts(word)
  const fields = fieldTypes(facts?.fields)
  return {
    family: f.word,
    description: f.description,
    verbs: supportedVerbs(f),
    operations: f.operations.map((op) => ({name: op.name, summary: op.summary, route: op.route})),
    actions: f.actions,
    records_by: f.keys.length > 0 ? `id, or ${keyNames(f)}` : 'id',
    statuses: f.statuses ? Object.fromEntries(f.statuses) : undefined,
    // Other coded fields' values (a recurring document's frequency_id): what to send for "monthly".
    codes: otherCodes(f.codes),
    filters: Object.fromEntries(
      shownFilters(word).map(([name, fact]) => [
        name,
        {means: fact.means, ...(fact.values ? {values: names(fact.values)} : {})},
      ]),
    ),
    includes: names(facts?.includes),
    fields: Object.fromEntries(fields),
    required: {create: requiredFields(word, 'create'), update: requiredFields(word, 'update')},
    changes_nothing: changesNothing(word),
    password_protected: f.passwordProtected || undefined,
  }
}

/** The describe tool's answer. */
export const describe = (families: readonly string[], word?: string): unknown =>
  word === undefined ? overview(families) : detail(word)
