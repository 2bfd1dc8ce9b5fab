/** What a dry run shows of a request: its method, full URL, headers (secrets redacted) and body. */
import {type Credentials, requestHeaders} from '../http/headers.js'
import {fullUrl, type RequestSpec} from '../plan/request.js'

/** The description a dry run prints. Multipart bodies are described part by part. */
export function describeRequest(spec: RequestSpec, baseUrl: string, creds: Credentials) {
  let body: unknown = spec.body ?? null
  if (spec.multipart) {
    body = {
      multipart: spec.multipart.map((p) =>
        'value' in p ? {name: p.name, value: p.value} : {name: p.name, filename: p.filename, size: p.size},
      ),
    }
  }
  return {method: spec.method, url: fullUrl(baseUrl, spec), headers: requestHeaders(spec, creds, true), body}
}
