/**
 * What each list filter's value means, in our own words: the one part of the filter tables the
 * server's source cannot give. A filter the script finds with no meaning here stops the script, so
 * a new server filter is never written down unexplained. Keys are a filter's name, or
 * `family:name` where that family's filter does something else.
 */
export const MEANINGS: Readonly<Record<string, string>> = {
  // The generic filters every filter class inherits (QueryFilters).
  status: 'record states, comma-separated: active, archived, deleted',
  created_at: 'created on or after this Unix time or date',
  updated_at: 'changed on or after this Unix time or date',
  is_deleted: 'compared with the deleted flag: 1 deleted only, 0 the others (MySQL reads true as 0)',
  client_id: "this client's records: its hashed id, or its name, number or contact e-mail",
  vendor_id: "this vendor's records: its hashed id, or its name, number or contact e-mail",
  filter_deleted_clients: 'true: leave out records of deleted clients',
  with_trashed: 'false: leave out deleted records',
  without_deleted_clients: 'any value: leave out records of deleted or archived clients',
  without_deleted_vendors: 'any value: leave out records of deleted or archived vendors',
  with: 'also answer this record, first: its hashed id, or its number or name where the family has one',
  date_range: 'dated between two dates: start,end',
  due_date_range: 'due between two dates: start,end',

  // Parameters an index with no filter class reads itself.
  'activities:rows': 'how many entries, newest first (default 75)',
  'activities:reactv2': "any value: each entry as the web UI's sentence, not the record",

  // Filters of the families' own filter classes.
  filter: 'text found (partial match) in any of the columns under search',
  name: 'part of the name',
  number: 'exactly this number',
  client_status: 'states, comma-separated; all: no filter',
  active_banks: 'true: only transactions of bank integrations neither archived nor deleted',
  bank_integration_ids: 'these bank integrations (hashed ids, comma-separated)',
  balance: 'balance compared with an amount: <amount>:<operator>',
  between_balance: 'balance between two amounts: <min>:<max>',
  email: 'a contact has exactly this e-mail address',
  id_number: 'exactly this ID number',
  group: 'in this group (hashed group settings id)',
  filter_details: 'true: answer only id, name, number and id_number',
  applicable: 'any value: sent or partial credits with a balance, not past their due date',
  entities: 'templates for this one entity (statement: client)',
  template: 'true: templates only; anything else: designs that are not templates',
  custom: 'true: custom designs only; false: built-in designs only',
  type: 'kinds of file, comma-separated',
  company_documents: 'true: documents of the company itself',
  has_invoices: 'client,<id> or project,<id>: expenses on an open invoice of that client or project',
  match_transactions: 'true: records not yet matched to a bank transaction',
  categories: 'in these expense categories (hashed ids, comma-separated)',
  amount: 'exactly this amount',
  status_id: 'these status ids, comma-separated',
  upcoming: 'any value: sent or partial invoices with a balance, not yet due',
  overdue: 'any value: sent or partial invoices with a balance, past due',
  payable: "this client's draft, sent or partial invoices with a balance (the client as client_id takes it)",
  date: 'dated on or after this Unix time or date',
  due_date: 'due on or after this Unix time or date',
  private_notes: 'text found in the private notes',
  product_key: 'exactly this product key',
  next_send_between: 'next send date between two Unix times or dates: <start>|<end>',
  frequency_id: 'these frequency ids, comma-separated',
  type_id: 'exactly this type id',
  category_id: 'exactly this category id',
  event_id: 'exactly this event id',
  project_tasks: "this project's tasks: its hashed id or number",
  hash: 'exactly this hash',
  user_id: 'created by this user (hashed id)',
  assigned_user: 'assigned to this user (hashed id)',
  task_status: 'uninvoiced tasks in these task statuses (hashed ids, comma-separated)',
  is_system: 'false: tokens people made; anything else: system tokens',
  hideOwnerUsers: "any value: leave out the account's owner",
  hideRemovedUsers: 'any value: leave out users removed from the company',
  sending_users: 'true: users with a connected mailbox',
  without: 'leave out these users (hashed ids, comma-separated)',

  // Where a family's filter differs from the one of the same name elsewhere.
  'bank-integrations:name': 'part of the bank account name',
  'bank-transactions:name': 'part of the bank account name',
  'clients:client_id': 'this client only: its hashed id, or its name, number or contact e-mail',
  'documents:client_id': 'documents of this client and of its records: its hashed id, or its name, number or e-mail',
  'system-logs:filter': 'accepted and ignored: it filters nothing',
  'payments:date_range': 'a date column between two dates: date,<start>,<end>',
  'products:with': 'also answer the product with this product key, first',
  'recurring-invoices:product_key': 'a line item has one of these product keys (comma-separated)',
  'users:with': 'also answer the user with this plain (not hashed) id, first',
}

/**
 * The family whose record a filter's value names by its hashed id (`itself`: the listed family), where that family
 * has keys: the CLI takes the record's number, name or e-mail there too and looks it up, as it does for a record
 * argument. The server decodes any other value to no record and answers an empty list, without a word. Keys as in
 * MEANINGS; an empty string where a family's filter of that name takes no hashed id.
 */
export const NAMES_RECORD: Readonly<Record<string, string>> = {
  client_id: 'clients',
  vendor_id: 'vendors',
  payable: 'clients',
  project_tasks: 'projects',
  with: 'itself',
  'products:with': '',
  'users:with': '',
}

/**
 * The values a filter acts on where the literals in its code mislead: `is_deleted` compares its
 * value with a number column, whatever the code compares it with first.
 */
export const VALUES: Readonly<Record<string, string>> = {
  is_deleted: '0 1',
}

/** The list parameters every list route reads (its controller's list answer), whatever its filter class. */
export const LIST_PARAMS: Readonly<Record<string, string>> = {
  page: 'page number, from 1',
  per_page: 'records a page: 20 unless given, at most 5000',
  include: 'relations to embed, comma-separated; a name the record lacks answers 400',
  updated_at: 'changed on or after this Unix time',
}

/** What `sort` means, by whether the filter class checks the column against the table's first. */
export const SORT_MEANING = {
  checked: 'column|asc or column|desc; an unknown column is ignored',
  unchecked: 'column|asc or column|desc; an unknown column is a server error (500)',
}
