/** Malformed guided flags: --name, the ids of related records, numbers, dates, --field and --line-item. */
import {type Case, ESC} from './bad-input-suite.js'

export const GUIDED_CASES: Case[] = [
  {
    name: '--stdin empty',
    args: ['clients', 'create', '--stdin', '--yes'],
    stdin: '',
    error: '--stdin is empty: give one JSON object',
  },
  {
    name: '--stdin an array',
    args: ['clients', 'create', '--stdin', '--yes'],
    stdin: '[{"name":"x"}]',
    error: '--stdin must be a JSON object ({...}), got an array',
  },
  {
    name: '--name empty',
    args: ['clients', 'create', '--name', '', '--yes'],
    error: '--name is empty: give a value, or --field name="" to clear the field',
  },
  {
    name: '--name with a terminal escape',
    args: ['clients', 'create', '--name', `Acme${ESC}`, '--yes'],
    error: '--name contains a control character (U+001B): remove it',
  },
  // Node turns bytes that are not UTF-8 in argv into U+FFFD; a lone surrogate is sent as such bytes.
  {
    name: '--name with undecodable bytes',
    args: ['clients', 'create', '--name', 'Caf\uD800', '--yes'],
    error: '--name is not valid UTF-8 text',
    spawn: true,
  },
  // A client's name may hold any character (records-by-key.test.ts looks one with / ? # up); not any length.
  {
    name: '--client-id too long',
    args: ['invoices', 'create', '--client-id', 'a/'.repeat(100), '--yes'],
    error: '--client-id is too long (200 characters, at most 128): upstream ids look like VolejRejNm',
  },
  {
    name: '--client-id empty',
    args: ['invoices', 'create', '--client-id', '', '--yes'],
    error: '--client-id must not be empty',
  },
  {
    name: '--number empty',
    args: ['invoices', 'create', '--client-id', 'x', '--number', '', '--yes'],
    error: '--number is empty: give a value, or --field number="" to clear the field',
  },
  {
    name: '--price NaN',
    args: ['products', 'create', '--price', 'NaN', '--yes'],
    error: '--price must be a number, got "NaN"',
  },
  {
    name: '--public-notes with a terminal escape',
    args: ['invoices', 'update', 'WJxbojagwO', '--public-notes', `hi${ESC}`, '--yes'],
    error: '--public-notes contains a control character (U+001B): remove it',
  },
  {
    name: '--private-notes empty',
    args: ['invoices', 'update', 'WJxbojagwO', '--private-notes', '', '--yes'],
    error: '--private-notes is empty: give a value, or --field private_notes="" to clear the field',
  },
  {
    name: '--include on create, malformed',
    args: ['invoices', 'create', '--client-id', 'x', '--include', 'client,', '--yes'],
    error: /^--include "client," must be relation names/,
  },
  {
    name: 'action: --action with a control character',
    args: ['quotes', 'action', 'Xy9kqR2mLb', '--action', 'appro\u0008ve', '--yes'],
    error: '--action contains a control character (U+0008): remove it',
  },
  {
    name: 'action: --action climbing',
    args: ['invoices', 'action', 'WJxbojagwO', '--action', '../x', '--yes'],
    error: /^--action "\.\.\/x" is not an action name/,
  },
  {
    name: '--amount a word',
    args: ['payments', 'create', '--amount', 'ten', '--yes'],
    error: '--amount must be a number, got "ten"',
  },
  {
    name: '--amount overflowing',
    args: ['payments', 'create', '--amount', '1e400', '--yes'],
    error: '--amount must be a number, got "1e400"',
  },
  {
    name: '--quantity hexadecimal',
    args: ['products', 'create', '--quantity', '0x10', '--yes'],
    error: '--quantity must be a number, got "0x10"',
  },
  {
    name: '--date empty',
    args: ['invoices', 'create', '--client-id', 'x', '--date', '', '--yes'],
    error: '--date must be a date as YYYY-MM-DD, got ""',
  },
  {
    name: '--due-date not a calendar date',
    args: ['invoices', 'create', '--client-id', 'x', '--due-date', '2024-13-01', '--yes'],
    error: '--due-date must be a date as YYYY-MM-DD, got "2024-13-01"',
  },
  {
    name: '--field empty',
    args: ['clients', 'create', '--field', '', '--yes'],
    error: '--field "" needs the form key=value',
  },
  {
    name: '--field with an empty key',
    args: ['clients', 'create', '--field', '=x', '--yes'],
    error: '--field needs key=value: the key is empty',
  },
  {
    name: '--field with a bad key',
    args: ['clients', 'create', '--field', 'a..b=1', '--yes'],
    error: /^--field key "a\.\.b" is not valid/,
  },
  {
    name: '--field with a huge index',
    args: ['clients', 'create', '--field', 'contacts.99999.email=x', '--yes'],
    error: /^--field key "contacts\.99999\.email" is not valid/,
  },
  {
    name: '--field leaving a gap in a list',
    args: ['clients', 'create', '--field', 'contacts.1.email=x', '--yes'],
    error: 'contacts.0 is missing: list elements must be set from index 0 without gaps',
  },
  {
    name: '--line-item empty',
    args: ['invoices', 'create', '--line-item', '', '--yes'],
    error: '--line-item "" has an empty pair: separate key=value pairs with single commas',
  },
  {
    name: '--line-item without =',
    args: ['invoices', 'create', '--line-item', 'cost', '--yes'],
    error: '--line-item pair "cost" is malformed: use key=value',
  },
  {
    name: '--line-item with a dotted key',
    args: ['invoices', 'create', '--line-item', 'a.b=1', '--yes'],
    error: '--line-item pair "a.b=1" has an invalid key: use letters, digits and _',
  },

  {
    name: '--line-item with an unclosed quote',
    args: ['invoices', 'create', '--line-item', 'notes="a,b', '--yes'],
    error: '--line-item pair "notes=\\"a,b" has an unclosed quote',
  },
]
