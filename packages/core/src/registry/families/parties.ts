/** The people and companies records are for: clients, vendors, users, their groups and tokens. */
import {statementOperation} from '../operations/document-ops.js'
import type {Entry} from '../types.js'
import {ARCHIVABLE, ATTACHABLE, BULK_ARCHIVABLE, COMMON, CONTACTS, NAME_EXAMPLE, NAMED} from './shared.js'

export const PARTY_FAMILIES: Record<string, Entry> = {
  'client-gateway-tokens': {
    description: 'Stored client payment tokens',
    group: 'parties',
    sample: 'Cg2tK6yNp8',
    verbs: COMMON,
    noBackup: "stored payment tokens are credentials of the clients' cards and accounts",
    columns: 'id gateway_customer_reference gateway_type_id is_default updated_at',
    examples: {
      create:
        '--client-id {clients} --field company_gateway_id={company-gateways} --field gateway_type_id=1 ' +
        '--field meta.brand=visa --dry-run',
      update: 'routing_number',
    },
  },
  clients: {
    description: 'Clients (customers)',
    // The server's filter= searches the name, the number and the contacts' e-mail: one query finds any of them.
    keys: 'filter: name number contacts.email',
    group: 'parties',
    sample: 'VolejRejNm',
    everyday: [
      'statement "Acme Ltd" --start-date 2024-01-01 --end-date 2024-12-31 --payments --output-file statement.pdf',
      'statement "Acme Ltd" --start-date 2024-01-01 --end-date 2024-12-31 --status unpaid --send-email --yes',
      "list --filter balance=0:gt --sort 'balance|desc'",
    ],
    importAs: 'client',
    verbs: ATTACHABLE,
    lists: [CONTACTS],
    operations: [statementOperation],
    actions: `${ARCHIVABLE} template assign_group bulk_update`,
    columns: 'id number name balance paid_to_date updated_at',
    examples: {create: `--name "Acme Ltd" --field contacts.email=ap@acme.test --dry-run`, update: 'private_notes'},
  },
  'group-settings': {
    description: 'Client group settings',
    group: 'parties',
    sample: 'Gs3jH8nMb2',
    verbs: ATTACHABLE,
    columns: 'id name updated_at',
    actions: ARCHIVABLE,
    examples: NAMED,
  },
  users: {
    description: 'Users (password-protected: set CLI_API_PASSWORD)',
    group: 'parties',
    sample: 'Us4rE8wQa3',
    ...BULK_ARCHIVABLE,
    passwordProtected: true,
    server: {lacks: {delete: 'cli users bulk --action delete --id ID --yes', 'edit-template': 'cli users show ID'}},
    noBackup: "the account's users, behind the account password: not the company's books",
    columns: 'id first_name last_name email',
    examples: {
      create: `--data '{"first_name":"Ada","last_name":"Lovelace","email":"ada@example.test"}' --dry-run`,
      update: 'first_name',
    },
  },
  vendors: {
    description: 'Vendors (suppliers)',
    // A vendor's filter= searches no number: a key no name or e-mail matches is tried as number= next.
    keys: 'filter: name contacts.email; number: number',
    group: 'parties',
    sample: 'Vn2cR5sYt8',
    importAs: 'vendor',
    verbs: ATTACHABLE,
    lists: [CONTACTS],
    actions: ARCHIVABLE,
    columns: 'id number name city updated_at',
    examples: {create: NAME_EXAMPLE, update: 'private_notes'},
  },
}
