/** The people and companies records are for: clients, vendors, users, their groups and tokens. */
import {statementOperation} from '../operations/document-ops.js'
import {recordRoute} from '../operations/record-routes.js'
import type {Entries} from '../types.js'
import {ARCHIVABLE, ATTACHABLE, BULK_ARCHIVABLE, COMMON, CONTACTS, NAME_EXAMPLE, NAMED} from './shared.js'

export const PARTY_FAMILIES: Entries = {
  'client-gateway-tokens': () => ({
    description: 'Stored client payment tokens',
    group: 'parties',
    sample: 'Cg2tK6yNp8',
    verbs: COMMON,
    noBackup: "stored payment tokens are credentials of the clients' cards and accounts",
    operations: [
      recordRoute({
        name: 'set-default',
        summary: "Make one token its client's default payment method.",
        method: 'POST',
        path: 'client_gateway_tokens/{id}/setAsDefault',
        family: 'client-gateway-tokens',
        idArg: 'The token.',
        mutating: true,
        examples: ['<%= config.bin %> client-gateway-tokens set-default {id} --yes'],
        said: () => ({did: 'made the default'}),
      }),
    ],
    columns: 'id gateway_customer_reference gateway_type_id is_default updated_at',
    examples: {
      create:
        '--client-id {clients} --field company_gateway_id={company-gateways} --field gateway_type_id=1 ' +
        '--field meta.brand=visa --dry-run',
      update: 'routing_number',
    },
  }),
  clients: () => ({
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
    operations: [
      statementOperation,
      recordRoute({
        name: 'documents',
        summary: 'The documents of one client and of its records (invoices, quotes, expenses, ...), in one list.',
        method: 'POST',
        path: 'clients/{id}/documents',
        family: 'clients',
        idArg: 'The client: its id, name, number or contact e-mail.',
        mutating: false,
        examples: ['<%= config.bin %> clients documents {id}'],
      }),
    ],
    actions: `${ARCHIVABLE} template assign_group bulk_update`,
    columns: 'id number name balance paid_to_date updated_at',
    examples: {create: `--name "Acme Ltd" --field contacts.email=ap@acme.test --dry-run`, update: 'private_notes'},
  }),
  'group-settings': () => ({
    description: 'Client group settings',
    group: 'parties',
    sample: 'Gs3jH8nMb2',
    verbs: ATTACHABLE,
    columns: 'id name updated_at',
    actions: ARCHIVABLE,
    examples: NAMED,
  }),
  users: () => ({
    description: 'Users (password-protected: set CLI_API_PASSWORD)',
    group: 'parties',
    sample: 'Us4rE8wQa3',
    ...BULK_ARCHIVABLE,
    passwordProtected: true,
    server: {lacks: {delete: 'cli users bulk --action delete --id ID --yes', 'edit-template': 'cli users show ID'}},
    noBackup: "the account's users, behind the account password: not the company's books",
    operations: [
      recordRoute({
        name: 'disconnect-mailer',
        summary: "Disconnect one user's OAuth mailer (Gmail, Microsoft): the company's mail goes out as before.",
        method: 'POST',
        path: 'users/{id}/disconnect_mailer',
        family: 'users',
        idArg: 'The user.',
        mutating: true,
        examples: ['<%= config.bin %> users disconnect-mailer {id} --yes'],
        said: () => ({did: 'disconnected the mailer of'}),
      }),
      recordRoute({
        name: 'detach',
        summary: 'Remove one user from this company (the user stays in the account).',
        method: 'DELETE',
        path: 'users/{id}/detach_from_company',
        family: 'users',
        idArg: 'The user.',
        mutating: true,
        password: true,
        query: {include: {kind: 'string', summary: 'Relations of the user to include in the answer (company_user).'}},
        examples: ['<%= config.bin %> users detach {id} --yes'],
        said: () => ({did: 'detached from the company'}),
      }),
    ],
    columns: 'id first_name last_name email',
    examples: {
      create: `--data '{"first_name":"Ada","last_name":"Lovelace","email":"ada@example.test"}' --dry-run`,
      update: 'first_name',
    },
  }),
  vendors: () => ({
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
  }),
}
