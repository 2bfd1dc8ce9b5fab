/** The account's own settings: companies, API tokens, webhooks and scheduled tasks. */
import {recordRoute} from '../operations/record-routes.js'
import type {Entries} from '../types.js'
import {ARCHIVABLE, BULK_ARCHIVABLE, COMMON, NAMED} from './shared.js'

export const SETTINGS_FAMILIES: Entries = {
  companies: () => ({
    description: 'Companies',
    group: 'settings',
    sample: 'Co4mP7xQa1',
    verbs: `${COMMON} upload`,
    noBackup: "every company of the account with its settings, not one company's records",
    operations: [
      recordRoute({
        name: 'current',
        summary: 'The company the token works in.',
        method: 'POST',
        path: 'companies/current',
        family: 'companies',
        mutating: false,
        examples: ['<%= config.bin %> companies current'],
      }),
      recordRoute({
        name: 'logo',
        summary: "One company's logo, as the file it was uploaded as.",
        method: 'GET',
        path: 'companies/{id}/logo',
        family: 'companies',
        idArg: 'The company.',
        mutating: false,
        file: 'any',
        examples: ['<%= config.bin %> companies logo {id} --output-file logo.png'],
      }),
    ],
    columns: 'id settings.name company_key',
    examples: {create: `--data '{"settings":{"name":"Example"}}' --dry-run`, update: 'subdomain'},
  }),
  'task-schedulers': () => ({
    description: 'Scheduled tasks',
    group: 'settings',
    sample: 'Ts3yU7iOp2',
    verbs: 'list show template create update delete bulk',
    actions: ARCHIVABLE,
    columns: 'id name template frequency_id next_run',
    examples: {
      create: `--name Statements --field template=email_statement --field next_run=2024-03-01 --dry-run`,
      update: 'name',
    },
  }),
  tokens: () => ({
    description: 'API tokens',
    group: 'settings',
    sample: 'Tn2pO6iUy1',
    ...BULK_ARCHIVABLE,
    noBackup: 'API tokens are credentials',
    columns: 'id name is_system',
    examples: NAMED,
  }),
  webhooks: () => ({
    description: 'Webhooks',
    group: 'settings',
    sample: 'Wh6tY1uIo5',
    ...BULK_ARCHIVABLE,
    noBackup: 'a webhook carries the headers sent to its target, which can hold credentials',
    operations: [
      recordRoute({
        name: 'retry',
        summary: 'Send one webhook again now, for one record (RetryWebhookRequest).',
        method: 'POST',
        path: 'webhooks/{id}/retry',
        family: 'webhooks',
        idArg: 'The webhook.',
        mutating: true,
        flags: {
          entity: {
            kind: 'string',
            required: true,
            options: 'client credit invoice product task payment quote purchase_order expense project vendor'.split(
              ' ',
            ),
            summary: 'What kind of record the webhook is sent for.',
          },
          'entity-id': {kind: 'id', required: true, summary: 'The record the webhook is sent for (its hashed id).'},
        },
        examples: ['<%= config.bin %> webhooks retry {id} --entity invoice --entity-id {invoices} --yes'],
        said: () => ({did: 'sent again'}),
      }),
    ],
    columns: 'id event_id target_url format',
    examples: {
      create: `--data '{"target_url":"https://example.test/hook","event_id":"1"}' --dry-run`,
      update: '--field event_id=1 --field target_url=https://example.test/hook2',
    },
  }),
}
