/** Malformed ids and keys on every verb that takes one, and malformed raw JSON sources. */
import {join} from 'node:path'

import {type Case, dir, file, idCases, LATIN1} from './bad-input-suite.js'

export const ID_CASES: Case[] = [
  // Group settings have no human keys: an id is only ever an id there.
  ...idCases('show', (id) => ['group-settings', 'show', id]),
  ...idCases('update', (id) => ['group-settings', 'update', id, '--name', 'x', '--yes']),
  ...idCases('delete', (id) => ['group-settings', 'delete', id, '--yes']),
  ...idCases('edit-template', (id) => ['group-settings', 'edit-template', id]),
  ...idCases('action (GET route)', (id) => ['quotes', 'action', id, '--action', 'approve', '--yes'], true),
  ...idCases('action (bulk route)', (id) => ['tax-rates', 'action', id, '--action', 'archive', '--yes']),
  ...idCases('upload', (id) => ['group-settings', 'upload', id, '--file', file('u.txt', 'x'), '--yes']),
  {
    name: 'download: an id with a path climb',
    args: ['documents', 'download', 'k/../x', '--output-file', '-'],
    error: /^id "k\/\.\.\/x" is not valid/,
  },
  {
    name: 'download: an empty key',
    args: ['quotes', 'download', '', '--output-file', '-'],
    error: 'invitation key must not be empty',
  },
  {
    name: 'bulk: an --id with ?',
    args: ['group-settings', 'bulk', '--action', 'archive', '--id', 'a?b', '--yes'],
    error: /^--id "a\?b" is not valid/,
  },
  {
    name: 'bulk: an empty --id',
    args: ['clients', 'bulk', '--action', 'archive', '--id', '', '--yes'],
    error: '--id must not be empty',
  },
  {
    name: 'bulk: --action empty',
    args: ['clients', 'bulk', '--action', '', '--id', 'x', '--yes'],
    error: /^--action "" is not an action name/,
  },
  {
    name: 'bulk: --field redefining ids (a reserved key)',
    args: ['clients', 'bulk', '--action', 'archive', '--id', 'x', '--field', 'ids=1', '--yes'],
    error: '--field ids=... would overwrite --id',
  },
]

export const JSON_CASES: Case[] = [
  {
    name: '--data empty',
    args: ['clients', 'create', '--data', '', '--yes'],
    error: '--data is empty: give one JSON object',
  },
  {
    name: '--data truncated',
    args: ['clients', 'create', '--data', '{"name":', '--yes'],
    error: /^--data is not valid JSON \(.+\): give one JSON object$/,
  },
  {
    name: '--data two documents',
    args: ['clients', 'create', '--data', '{"a":1}{"b":2}', '--yes'],
    error: /^--data is not valid JSON/,
  },
  {
    name: '--data a string',
    args: ['clients', 'create', '--data', '"Acme"', '--yes'],
    error: '--data must be a JSON object ({...}), got string',
  },
  {
    name: '--data null',
    args: ['clients', 'create', '--data', 'null', '--yes'],
    error: '--data must be a JSON object ({...}), got null',
  },
  {
    name: '--data with a control character',
    args: ['clients', 'create', '--data', '{"name":"a\u0001"}', '--yes'],
    error: '--data contains a control character (U+0001): remove it',
  },
  {
    name: '--data-file not UTF-8',
    args: ['clients', 'create', '--data-file', file('latin1.json', LATIN1), '--yes'],
    error: `--data-file ${join(dir, 'latin1.json')} is not valid UTF-8 text: save it as UTF-8`,
  },
  {
    name: '--data-file empty',
    args: ['clients', 'create', '--data-file', file('empty.json', ''), '--yes'],
    error: `--data-file ${join(dir, 'empty.json')} is empty: give one JSON object`,
  },
  {
    name: '--data-file a folder',
    args: ['clients', 'create', '--data-file', dir, '--yes'],
    error: `--data-file ${dir}: is a folder`,
  },
  {
    name: '--data-file path empty',
    args: ['clients', 'create', '--data-file', '', '--yes'],
    error: '--data-file : no such file',
  },
  {
    name: '--stdin not UTF-8',
    args: ['clients', 'create', '--stdin', '--yes'],
    stdin: LATIN1,
    error: '--stdin is not valid UTF-8 text: save it as UTF-8',
  },
]
