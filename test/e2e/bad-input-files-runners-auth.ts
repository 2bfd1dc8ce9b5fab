/** Malformed file flags, runner flags, and tokens given to auth login. */
import {join} from 'node:path'

import {type Case, dir, file} from './bad-input-suite.js'

export const FILE_CASES: Case[] = [
  {
    name: '--output-file empty',
    args: ['quotes', 'download', 'k', '--output-file', ''],
    error: '--output-file must not be empty: give a path, or - for stdout',
  },
  {
    name: '--output-file in a missing folder',
    args: ['quotes', 'download', 'k', '--output-file', '/nonexistent/q.pdf'],
    error: '--output-file /nonexistent/q.pdf: folder /nonexistent does not exist',
  },
  {
    name: '--output-file existing without --force',
    args: ['quotes', 'download', 'k', '--output-file', file('old.pdf', 'x')],
    error: `--output-file ${join(dir, 'old.pdf')} exists: pass --force to overwrite it`,
  },
  {
    name: '--file empty',
    args: ['clients', 'upload', 'VolejRejNm', '--file', '', '--yes'],
    error: '--file must not be empty: give a file path',
  },
]

export const RUNNER_CASES: Case[] = [
  {name: '--endpoint empty', args: ['utility', 'run', '--endpoint', ''], error: /^--endpoint "" is empty/},
  {
    name: '--endpoint a URL',
    args: ['utility', 'run', '--endpoint', 'https://evil.example/api/v1/ping'],
    error: /^--endpoint "https:\/\/evil\.example\/api\/v1\/ping" is a URL, not a path/,
  },
  {
    name: '--endpoint climbing',
    args: ['search', 'run', '--endpoint', 'reports/../users'],
    error: /^--endpoint "reports\/\.\.\/users" has an empty, \. or \.\. segment/,
  },
  {
    name: '--endpoint percent-escaped',
    args: ['utility', 'run', '--endpoint', 'reports/%2e%2e'],
    error: /^--endpoint "reports\/%2e%2e" has a segment "%2e%2e"/,
  },
  {
    name: '--method unknown',
    args: ['charts', 'run', '--endpoint', 'charts/totals', '--method', 'PATCH'],
    error: /^charts run sends POST or PUT to charts\/totals, not PATCH/,
  },
  {
    name: 'reports --interval huge',
    args: ['reports', 'run', '--endpoint', 'reports/invoices', '--wait', '--interval', '1e9'],
    error: '--interval must be a number of seconds above 0 and at most 15, got "1e9"',
  },
  {
    name: 'reports --timeout huge',
    args: ['reports', 'run', '--endpoint', 'reports/invoices', '--wait', '--timeout', '9999999'],
    error: /^Parsing --timeout; Expected an integer less than or equal to 86400/,
  },
]

export const AUTH_CASES: Case[] = [
  {
    name: 'login: a token that is not UTF-8',
    args: ['auth', 'login'],
    stdin: Buffer.from([0x74, 0xff, 0x6b]),
    error: 'standard input is not valid UTF-8 text: save it as UTF-8',
  },
  {
    name: 'login: a token with a space',
    args: ['auth', 'login'],
    stdin: 'abc def\n',
    error:
      'the API token holds characters that cannot be sent in a header (spaces, control characters or non-ASCII): ' +
      'check it',
  },
]
