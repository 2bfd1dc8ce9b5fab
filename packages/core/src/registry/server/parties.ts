/**
 * The people and companies records are for: clients, vendors, users, their groups and tokens.
 * Read from the Invoice Ninja server's source, 5.10.42, by scripts/server-facts.ts: run it again to change
 * this file (its overrides and meanings are where judgement goes), never edit it by hand.
 */
import type {FamilyFactsMakers} from './types.js'

export const PARTIES_FACTS: FamilyFactsMakers = {
  'client-gateway-tokens': () => ({
    fields: {
      hid: 'client_id company_gateway_id',
      iid: 'gateway_type_id',
      str: 'gateway_customer_reference routing_number token',
      obj: 'meta',
    },
    strict: 'gateway_type_id',
    required: {create: 'client_id company_gateway_id gateway_type_id meta'},
    answer: `id token gateway_customer_reference gateway_type_id company_gateway_id is_default meta created_at
      updated_at archived_at is_deleted`,
  }),
  clients: () => ({
    fields: {
      hid: 'assigned_user_id group_settings_id',
      iid: 'country_id industry_id shipping_country_id size_id',
      bool: 'has_valid_vat_number is_tax_exempt',
      str: `address1 address2 city classification country_code currency_code custom_value1 custom_value2 custom_value3
        custom_value4 id_number language_code name number phone postal_code private_notes public_notes routing_id
        shipping_address1 shipping_address2 shipping_city shipping_country_code shipping_postal_code shipping_state
        state vat_number website`,
      obj: 'e_invoice settings',
      objs: 'contacts',
    },
    strict: 'contacts country_id industry_id shipping_country_id size_id',
    values: {classification: 'individual business company partnership trust charity government other'},
    items: {contacts: 'client_contact'},
    answer: `id user_id assigned_user_id name website private_notes balance group_settings_id paid_to_date
      payment_balance credit_balance last_login size_id public_notes client_hash address1 address2 phone city state
      postal_code country_id industry_id custom_value1 custom_value2 custom_value3 custom_value4 shipping_address1
      shipping_address2 shipping_city shipping_state shipping_postal_code shipping_country_id settings is_deleted
      vat_number id_number updated_at archived_at created_at display_name number has_valid_vat_number is_tax_exempt
      routing_id tax_info classification e_invoice contacts documents gateway_tokens`,
    includes: 'contacts documents gateway_tokens activities ledger system_logs group_settings',
    filters: {
      name: {means: 'part of the name'},
      balance: {means: 'balance compared with an amount: <amount>:<operator>', values: 'lt gt lte gte eq'},
      between_balance: {means: 'balance between two amounts: <min>:<max>'},
      email: {means: 'a contact has exactly this e-mail address'},
      client_id: {means: 'this client only: its hashed id, or its name, number or contact e-mail', record: 'clients'},
      id_number: {means: 'exactly this ID number'},
      number: {means: 'exactly this number'},
      group: {means: 'in this group (hashed group settings id)'},
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: `contacts.first_name contacts.last_name contacts.email contacts.phone name id_number number
          custom_value1 custom_value2 custom_value3 custom_value4`,
      },
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
      filter_details: {means: 'true: answer only id, name, number and id_number', values: 'true'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed with',
  }),
  'group-settings': () => ({
    fields: {str: 'name', obj: 'settings'},
    required: {create: 'name'},
    answer: 'id name settings created_at updated_at archived_at is_deleted documents',
    includes: 'documents',
    filters: {
      name: {means: 'part of the name'},
      filter: {means: 'text found (partial match) in any of the columns under search', search: 'name'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed with',
  }),
  users: () => ({
    fields: {
      iid: 'language_id shopify_user_id',
      bool: 'is_deleted user_logged_in_notification',
      email: 'email',
      str: `accepted_terms_version avatar custom_value1 custom_value2 custom_value3 custom_value4 first_name last_name
        oauth_provider_id oauth_user_id password phone signature`,
      obj: 'company_user',
    },
    strict: 'email first_name last_name password phone',
    required: {create: 'first_name last_name'},
    answer: `id first_name last_name email last_login created_at updated_at archived_at is_deleted phone
      email_verified_at signature custom_value1 custom_value2 custom_value3 custom_value4 oauth_provider_id
      last_confirmed_email_address google_2fa_secret has_password oauth_user_token verified_phone_number language_id
      user_logged_in_notification referral_code referral_meta`,
    includes: 'companies company_users company_user',
    filters: {
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: 'first_name last_name email signature',
      },
      sort: {means: 'column|asc or column|desc; an unknown column is ignored'},
      hideOwnerUsers: {means: "any value: leave out the account's owner"},
      hideRemovedUsers: {means: 'any value: leave out users removed from the company'},
      with: {means: 'also answer the user with this plain (not hashed) id, first'},
      sending_users: {means: 'true: users with a connected mailbox', values: 'true'},
      without: {means: 'leave out these users (hashed ids, comma-separated)'},
      status: {means: 'record states, comma-separated: active, archived, deleted', values: 'active archived deleted'},
    },
    generic: 'created_at updated_at is_deleted with_trashed',
  }),
  vendors: () => ({
    fields: {
      hid: 'assigned_user_id',
      iid: 'country_id currency_id language_id',
      bool: 'is_tax_exempt',
      str: `address1 address2 city classification custom_value1 custom_value2 custom_value3 custom_value4 id_number
        name number phone postal_code private_notes public_notes routing_id state transaction_name vat_number website`,
      objs: 'contacts',
    },
    strict: 'contacts country_id name',
    required: {create: 'name'},
    values: {classification: 'individual business company partnership trust charity government other'},
    items: {contacts: 'vendor_contact'},
    answer: `id user_id assigned_user_id name website private_notes public_notes last_login address1 address2 phone
      city state postal_code country_id currency_id custom_value1 custom_value2 custom_value3 custom_value4 is_deleted
      vat_number id_number updated_at archived_at created_at number language_id classification display_name routing_id
      is_tax_exempt contacts documents`,
    includes: 'contacts documents activities',
    filters: {
      filter: {
        means: 'text found (partial match) in any of the columns under search',
        search: `contacts.first_name contacts.last_name contacts.email name id_number custom_value1 custom_value2
          custom_value3 custom_value4`,
      },
      number: {means: 'exactly this number'},
      sort: {means: 'column|asc or column|desc; an unknown column is a server error (500)'},
    },
    generic: 'status created_at updated_at is_deleted with_trashed with',
  }),
}
