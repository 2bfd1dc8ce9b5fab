/** Malformed input in the global flags and the environment, and in the list flags. */
import {type Case, HUGE} from './bad-input-suite.js'

export const GLOBAL_CASES: Case[] = [
  {
    name: '--base-url empty',
    args: ['clients', 'list', '--base-url', ''],
    error: 'base URL "" is not a URL: give the server root, e.g. https://invoicing.co',
  },
  {
    name: '--output empty',
    args: ['clients', 'list', '--output', ''],
    error: /^Expected --output= to be one of: table, json/,
  },
  {
    name: '--base-url with a query',
    args: ['clients', 'list', '--base-url', 'https://x.example/?a=1'],
    error: 'base URL "https://x.example/?a=1" must not carry a query, a fragment or credentials',
  },
  // The refusal never repeats the password: the line may land in a CI log.
  {
    name: '--base-url with a password',
    args: ['clients', 'list', '--base-url', 'https://ops:hunter2@x.example'],
    error: 'base URL "https://ops:***@x.example" must not carry a query, a fragment or credentials',
  },
  {
    name: '--base-url with a control character',
    args: ['clients', 'list', '--base-url', 'https://x\u0007.example'],
    error: '--base-url contains a control character (U+0007): remove it',
  },
  {
    name: '--profile empty',
    args: ['clients', 'list', '--profile', ''],
    error: '--profile must not be empty: give a profile name',
  },
  {
    name: '--timeout empty',
    args: ['clients', 'list', '--timeout', ''],
    error: '--timeout must be a number of seconds above 0 and at most 3600, got ""',
  },
  {
    name: '--timeout zero',
    args: ['clients', 'list', '--timeout', '0'],
    error: /^--timeout must be a number of seconds/,
  },
  {
    name: '--timeout not a number',
    args: ['clients', 'list', '--timeout', 'soon'],
    error: /^--timeout must be a number of seconds/,
  },
  {
    name: '--timeout huge',
    args: ['clients', 'list', '--timeout', '99999999999999999999'],
    error: /^--timeout must be a number of seconds above 0 and at most 3600/,
  },
  {
    name: 'CLI_TIMEOUT not a number',
    args: ['clients', 'list'],
    env: {CLI_TIMEOUT: '5s'},
    error: 'CLI_TIMEOUT must be a number of seconds above 0 and at most 3600, got "5s"',
  },
  {
    name: '--retries negative',
    args: ['clients', 'list', '--retries=-1'],
    error: /^Parsing --retries; Expected an integer greater than or equal to 0 but received: -1/,
  },
  {
    name: '--retries huge',
    args: ['clients', 'list', '--retries', '1000'],
    error: /^Parsing --retries; Expected an integer less than or equal to 10 but received: 1000/,
  },
  {
    name: '--retries not an integer',
    args: ['clients', 'list', '--retries', '1.5'],
    error: /^Parsing --retries; Expected an integer but received: 1\.5/,
  },
  {
    name: 'CLI_INSECURE not a boolean',
    args: ['clients', 'list'],
    env: {CLI_INSECURE: 'please'},
    error: 'CLI_INSECURE must be 1 or 0 (true or false), got "please"',
  },
  {
    name: 'CLI_RETRY_WAIT_SCALE out of range',
    args: ['clients', 'list'],
    env: {CLI_RETRY_WAIT_SCALE: '10'},
    error: 'CLI_RETRY_WAIT_SCALE must be a number from 0 to 1, got "10"',
  },
  {
    name: 'a token with a space',
    args: ['clients', 'list'],
    env: {CLI_API_TOKEN: 'abc def'},
    error:
      'the API token holds characters that cannot be sent in a header (spaces, control characters or non-ASCII): ' +
      'check it',
  },
  {
    name: 'a password with a newline',
    args: ['users', 'list'],
    env: {CLI_API_PASSWORD: 'pass\nword'},
    error:
      'CLI_API_PASSWORD holds characters that cannot be sent in a header (control characters or non-ASCII): check it',
  },
]

export const LIST_CASES: Case[] = [
  {
    name: '--page 0',
    args: ['clients', 'list', '--page', '0'],
    error: /^Parsing --page; Expected an integer greater than or equal to 1 but received: 0/,
  },
  {
    name: '--page not a number',
    args: ['clients', 'list', '--page', 'two'],
    error: /^Parsing --page; Expected an integer but received: two/,
  },
  {
    name: '--per-page above 5000',
    args: ['clients', 'list', '--per-page', '5001'],
    error: /^Parsing --per-page; Expected an integer less than or equal to 5000/,
  },
  {
    name: '--page huge',
    args: ['clients', 'list', '--page', '99999999999999999999'],
    error: /^Parsing --page; Expected an integer less than or equal to 1000000 but received: 99999999999999999999/,
  },
  {
    name: '--limit huge',
    args: ['clients', 'list', '--limit', '1000000'],
    error: /^Parsing --limit; Expected an integer less than or equal to 500000/,
  },
  {
    name: '--filter empty',
    args: ['clients', 'list', '--filter', ''],
    error: '--filter "" needs the form key=value, e.g. status=active',
  },
  {
    name: '--filter with a reserved key',
    args: ['clients', 'list', '--filter', 'per_page=9'],
    error: '--filter per_page=... is not a filter: use --per-page',
  },
  {
    name: '--sort with a newline',
    args: ['clients', 'list', '--sort', 'name\n|asc'],
    error: /^--sort "name\\n\|asc" must be a field/,
  },
  {
    name: '--sort huge',
    args: ['clients', 'list', '--sort', HUGE],
    error: /^--sort "x{60}…" must be a field, a pipe and asc or desc/,
  },
  {
    name: '--include empty',
    args: ['clients', 'list', '--include', ''],
    error: '--include "" must be relation names separated by commas, e.g. client,payments',
  },
  {
    name: '--include smuggling a query',
    args: ['clients', 'show', 'VolejRejNm', '--include', 'client&per_page=1'],
    error: /^--include "client&per_page=1" must be relation names/,
  },
]
