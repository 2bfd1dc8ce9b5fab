/**
 * Routes of one record beyond CRUD, bulk and GET actions, as operations: a token made the default, a webhook sent
 * again, a user's mailer disconnected or the user detached, a client's documents and e-mail history, the current
 * company. Each is its method and path (ROUTES in the server's routes/api.php), its flags and the keys they send.
 */
import {apiPath, checkId, type Json, type Method, type RequestSpec} from '../../plan/request.js'
import type {FileKind} from '../file-kinds.js'
import type {Operation, OperationFlag, Values} from './operation.js'

export interface RecordRoute {
  name: string
  summary: string
  method: Method
  /** The path under /api/v1, `{id}` the record's id: `client_gateway_tokens/{id}/setAsDefault`. */
  path: string
  /** The family the record is of, for messages. */
  family: string
  idArg?: string
  mutating: boolean
  /** Flags, each sent as the body key of its name with `-` turned to `_` (`--entity-id` → entity_id). */
  flags?: Readonly<Record<string, OperationFlag>>
  /** Flags sent as query parameters of the same name (`--include` → include=...). */
  query?: Readonly<Record<string, OperationFlag>>
  examples: readonly string[]
  password?: boolean
  said?: Operation['said']
  /** The answer is a file of this kind, written to --output-file. */
  file?: FileKind
}

const bodyOf = (flags: Readonly<Record<string, OperationFlag>>, v: Values): {[key: string]: Json} | undefined => {
  const body = Object.fromEntries(
    Object.keys(flags)
      .filter((name) => v[name] !== undefined)
      .map((name) => [name.replaceAll('-', '_'), v[name] as Json]),
  )
  return Object.keys(body).length > 0 ? body : undefined
}

/** The operation that sends `route`: its path with the id put in, its flags' values as the body, nothing else. */
export function recordRoute(route: RecordRoute): Operation {
  const flags = {...route.flags, ...route.query}
  const inQuery = new Set(Object.keys(route.query ?? {}))
  return {
    name: route.name,
    summary: route.summary,
    route: `${route.method} /api/v1/${route.path}`,
    ...(route.idArg ? {idArg: route.idArg} : {}),
    flags,
    mutating: route.mutating,
    examples: route.examples,
    ...(route.said ? {said: route.said} : {}),
    ...(route.file ? {outputFile: true} : {}),
    build(v: Values, id: string) {
      const segments = route.path.split('/').map((s) => (s === '{id}' ? checkId(id, 'id') : s))
      const body = bodyOf(route.flags ?? {}, v)
      const query = [...inQuery].filter((name) => v[name] !== undefined).map((name) => [name, String(v[name])])
      const request: RequestSpec = {
        method: route.method,
        path: apiPath(...segments),
        query: query as Array<[string, string]>,
        ...(body ? {body} : {}),
        changes: route.mutating,
        record: {family: route.family, ids: route.idArg ? [id] : []},
        ...(route.password ? {password: true} : {}),
      }
      return route.file ? {request, file: route.file} : {request}
    },
  }
}
