/** The people and companies records are for: clients, vendors, users, their groups and tokens. */
import {statementOperation} from '../operations/document-ops.js'
import type {Entry} from '../types.js'
import {custom} from '../schema/groups.js'
import {ARCHIVABLE, ATTACHABLE, BULK_ARCHIVABLE, COMMON, CONTACTS, NAME_EXAMPLE, NAMED} from './shared.js'

export const PARTY_FAMILIES: Record<string, Entry> = {
  'client-gateway-tokens': {
    description: 'Stored client payment tokens',
    verbs: COMMON,
    fields: [{s: 'client_id token routing_number company_gateway_id', b: 'is_default'}],
    examples: {
      create: '--client-id VolejRejNm --field company_gateway_id=Wpmbk5ezJn --dry-run',
      update: 'routing_number',
    },
  },
  clients: {
    description: 'Clients (customers)',
    importAs: 'client',
    verbs: ATTACHABLE,
    lists: [CONTACTS],
    operations: [statementOperation],
    actions: `${ARCHIVABLE} template assign_group bulk_update`,
    columns: 'id number name balance paid_to_date updated_at',
    fields: [
      {
        s:
          'user_id assigned_user_id name website private_notes client_hash address1 address2 city state ' +
          `postal_code phone ${custom} vat_number id_number number shipping_address1 shipping_address2 ` +
          'shipping_city shipping_state shipping_postal_code group_settings_id routing_id classification',
        sn: 'industry_id size_id country_id shipping_country_id',
        n: 'balance paid_to_date credit_balance last_login payment_balance',
        b: 'is_tax_exempt has_valid_vat_number',
        o: 'settings',
        lists: {contacts: 'client_contact'},
      },
    ],
    examples: {create: `--name "Acme Ltd" --field contacts.email=ap@acme.test --dry-run`, update: 'private_notes'},
  },
  'group-settings': {
    description: 'Client group settings',
    verbs: ATTACHABLE,
    actions: ARCHIVABLE,
    fields: [{s: 'user_id name', o: 'settings'}],
    examples: NAMED,
  },
  users: {
    description: 'Users (password-protected: set CLI_API_PASSWORD)',
    ...BULK_ARCHIVABLE,
    passwordProtected: true,
    server: {lacks: {delete: 'cli users bulk --action delete --id ID --yes', 'edit-template': 'cli users show ID'}},
    columns: 'id first_name last_name email',
    fields: [
      {
        s:
          'first_name last_name email phone signature avatar accepted_terms_version oauth_user_id ' +
          'oauth_provider_id language_id sms_verification_code oauth_user_token_expiry ' +
          `last_confirmed_email_address ${custom} google_2fa_secret`,
        b: 'verified_phone_number has_password',
        o: 'company_user',
      },
    ],
    examples: {create: `--data '{"first_name":"Ada","email":"ada@example.test"}' --dry-run`, update: 'first_name'},
  },
  vendors: {
    description: 'Vendors (suppliers)',
    importAs: 'vendor',
    verbs: ATTACHABLE,
    lists: [CONTACTS],
    actions: ARCHIVABLE,
    columns: 'id number name balance updated_at',
    fields: [
      {
        s:
          'user_id assigned_user_id name classification website private_notes industry_id size_id address1 ' +
          `address2 city state postal_code phone country_id currency_id ${custom} vat_number id_number number ` +
          'language_id vendor_hash transaction_name display_name',
        n: 'last_login',
        lists: {contacts: 'vendor_contact'},
      },
    ],
    examples: {create: NAME_EXAMPLE, update: 'private_notes'},
  },
}
