/**
 * A small, stateful stand-in for the Invoice Ninja v5 API, for end-to-end tests that spawn the CLI.
 *
 * It mirrors what /work/shared/upstream/FACTS.md says a client meets: the auth headers, the error
 * bodies, paging (links without per_page), bulk and single-record actions, multipart upload with
 * `_method=PUT` and `documents[]`, streamed PDF downloads, and injectable faults.
 *
 * The server runs inside the test process, so spawn the CLI asynchronously (spawn/execFile, never
 * spawnSync): a blocked event loop cannot answer.
 */
import {createHash} from 'node:crypto';
import http from 'node:http';
import type {AddressInfo, Socket} from 'node:net';

import {applySaveEffects, operationRoute} from './server-operations.js';
import {INVITATION_ENTITIES, routed} from './server-routes.js';

export type Rec = Record<string, unknown>;

export interface UploadPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

export interface RecordedRequest {
  method: string;
  /** Raw pathname as received (no percent-decoding). */
  path: string;
  /** Decoded query parameters; the last of repeated names wins. */
  query: Record<string, string>;
  /** The raw query string after '?', '' if none. */
  rawQuery: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** Parsed body when content-type is application/json and it parses. */
  json?: unknown;
  /** Parsed parts when content-type is multipart/form-data. */
  parts?: UploadPart[];
}

interface FaultTarget {
  /** Only requests with this method (case-insensitive); any method when omitted. */
  method?: string;
  /** Pathname prefix, e.g. '/api/v1/invoices'; any path when omitted. */
  path?: string;
  /** Only requests carrying these query parameters (e.g. {page: '3'}). */
  query?: Record<string, string>;
  /** How many matching requests the fault applies to (default 1). */
  times?: number;
}

export type FaultKind =
  | {kind: 'status'; status: number; body?: unknown; headers?: Record<string, string>}
  | {kind: 'hang'}
  | {kind: 'drop'}
  | {kind: 'dropMidBody'; contentType?: string; headers?: Record<string, string>}
  /** Headers and the first bytes of the body, then nothing: a transfer that stalls. */
  | {kind: 'stall'; contentType?: string; headers?: Record<string, string>}
  | {kind: 'raw'; status: number; contentType: string; body: string | Buffer; headers?: Record<string, string>}
  | {kind: 'delay'; ms: number}
  /** A body that never ends: 64 KB chunks as fast as the client reads them. */
  | {kind: 'endless'; status?: number; contentType?: string; headers?: Record<string, string>}
  /** One byte of body every `everyMs`, forever: a transfer that never stalls long enough for an idle timeout. */
  | {kind: 'drip'; everyMs: number; contentType?: string};

export type Fault = FaultTarget & FaultKind;

export interface Upstream {
  /** Server root, e.g. 'http://127.0.0.1:43121' (no /api/v1). */
  url: string;
  token: string;
  requests: RecordedRequest[];
  reset(): void;
  seed(segment: string, records: Array<Record<string, unknown>>): void;
  records(segment: string): Array<Record<string, unknown>>;
  fault(f: Fault): void;
  /** E-mails sent since the last reset (by GET actions and bulk actions that mail). */
  outbox(): Mail[];
  /** How many polls of a report preview answer 409 before the result (default 2). */
  setReportDelay(polls: number): void;
  close(): Promise<void>;
}

export const DEFAULT_TOKEN = 'test-token-123';
export const DEFAULT_PASSWORD = 'secret-pass';

export interface UpstreamOptions {
  token?: string;
  password?: string;
  /** Delay before every answer, like a remote server's round trip (the benchmark uses it). */
  latencyMs?: number;
  /** Port on 127.0.0.1 (0: any free port). */
  port?: number;
}

export async function startUpstream(opts: UpstreamOptions = {}): Promise<Upstream> {
  const standIn = new StandIn(opts.token ?? DEFAULT_TOKEN, opts.password ?? DEFAULT_PASSWORD, opts.latencyMs ?? 0);
  await standIn.listen(opts.port ?? 0);
  return standIn;
}

/** The PDF bytes served for an invitation key (or, for `GET /{seg}/{id}/download`, a record id). */
export function fakePdf(key: string): Buffer {
  const everyByte = Buffer.from(Array.from({length: 256}, (_, i) => i));
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), everyByte, Buffer.from(key), Buffer.from('\n%%EOF\n')]);
}

/** The records a stand-in starts with and returns to on reset(). Fixed ids so tests can name them. */
export function defaultSeed(): Record<string, Rec[]> {
  return {
    clients: [
      {
        id: 'VolejRejNm',
        name: 'Acme Ltd',
        number: '0001',
        balance: 150,
        contacts: [{id: 'Wpmbk5ezJn', first_name: 'Ada', last_name: 'Lovelace', email: 'ada@acme.test'}],
      },
      {id: 'Opnel5aKBz', name: 'Globex Corporation', number: '0002', balance: 0, contacts: []},
    ],
    invoices: [
      {
        id: 'WJxbojagwO',
        client_id: 'VolejRejNm',
        number: '0001',
        status_id: '2',
        date: '2024-01-15',
        due_date: '2024-02-14',
        amount: 150,
        balance: 150,
        line_items: [{product_key: 'Consulting', notes: 'January', quantity: 1, cost: 150}],
        invitations: [{key: 'invkey0001acme'}],
      },
    ],
    quotes: [
      {
        id: 'Xy9kqR2mLb',
        client_id: 'VolejRejNm',
        number: '0001',
        status_id: '2',
        date: '2024-01-10',
        amount: 90,
        balance: 90,
        line_items: [{product_key: 'Audit', quantity: 1, cost: 90}],
        invitations: [{key: 'quokey0001acme'}],
      },
    ],
    documents: [{id: 'Dk3mZ7pQx1', name: 'receipt.png', type: 'png', size: FAKE_PNG_SIZE, is_public: false}],
  };
}

/** The bytes of a stored PNG document: a real PNG signature, then filler. */
const FAKE_PNG_SIZE = 48;
export function fakePng(id: string): Buffer {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([signature, Buffer.alloc(FAKE_PNG_SIZE - 8 - id.length, 7), Buffer.from(id)]);
}

// ---------------------------------------------------------------------------------------------
// Families and fixed answers

const API_PREFIX = '/api/v1/';
const SEGMENT = /^[a-z_]+$/;
/** Families whose create request needs client_id. */
const CLIENT_DOCUMENTS = new Set(['invoices', 'quotes', 'credits', 'recurring_invoices', 'recurring_quotes']);
/** Families with line items, a status and invitations. */
const DOCUMENTS = new Set([...CLIENT_DOCUMENTS, 'purchase_orders']);
/** Families that get a number when created without one. */
const NUMBERED = new Set([...DOCUMENTS, 'clients', 'vendors', 'payments', 'projects', 'tasks', 'expenses']);
/** Segments that are routes of their own, never generic collections. */
const RESERVED = new Set(['api', 'ping', 'health_check', 'statics', 'search', 'reports', 'charts', 'recurring_invoice', ...INVITATION_ENTITIES]);
/** Sortable even on an empty collection (where "present on some record" cannot tell). */
const COMMON_COLUMNS = new Set(['id', 'created_at', 'updated_at', 'archived_at', 'is_deleted', 'name', 'number',
  'balance', 'amount', 'date', 'due_date', 'status_id', 'client_id']);

const PING = {company_name: 'Stand-in Co', user_name: 'Test User'};
const STATICS = {
  currencies: [
    {id: '1', name: 'US Dollar', code: 'USD', symbol: '$', precision: 2},
    {id: '3', name: 'Euro', code: 'EUR', symbol: '€', precision: 2},
  ],
  countries: [
    {id: '840', name: 'United States', iso_3166_2: 'US', iso_3166_3: 'USA'},
    {id: '276', name: 'Germany', iso_3166_2: 'DE', iso_3166_3: 'DEU'},
  ],
  languages: [{id: '1', name: 'English - United States', locale: 'en'}],
  payment_types: [{id: '1', name: 'Bank Transfer'}, {id: '2', name: 'Cash'}],
};
const LANDING_PAGE = '<!DOCTYPE html><html><head><title>Invoice Ninja</title></head><body>Login</body></html>';

// ---------------------------------------------------------------------------------------------
// Replies and errors

export type Reply =
  | {type: 'json'; status: number; body: unknown; headers?: Record<string, string>}
  | {type: 'pdf'; filename: string; data: Buffer}
  | {type: 'file'; contentType: string; filename: string; data: Buffer}
  | {type: 'redirect'; location: string}
  | {type: 'html'; body: string}
  | {type: 'text'; status: number; contentType: string; body: string};

export class HttpError extends Error {
  constructor(readonly status: number, readonly body: unknown) {
    super(`HTTP ${status}`);
  }
}

export const ok = (body: unknown): Reply => ({type: 'json', status: 200, body});
/** The server's catch-all for a route it does not register (FACTS.md): a 404 never means "no such record". */
export const CATCH_ALL_MESSAGE = "I'm sorry, this isn't a supported API route.";
const notFound = () => new HttpError(404, {message: CATCH_ALL_MESSAGE});
export const invalid = (errors: Record<string, unknown>) =>
  new HttpError(422, {message: 'The given data was invalid.', errors});
const invalidJson = () => new HttpError(400, {message: 'Invalid JSON'});
const serverError = () => new HttpError(500, {message: 'Server Error'});

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, {...headers, 'content-type': 'application/json'});
  res.end(JSON.stringify(body));
}

/** Streams the PDF in two writes and no Content-Length, so Node sends it chunked like the real server. */
function sendPdf(res: http.ServerResponse, filename: string, data: Buffer) {
  res.writeHead(200, {'content-type': 'application/pdf', 'content-disposition': `attachment; filename=${filename}`});
  const middle = Math.floor(data.length / 2);
  res.write(data.subarray(0, middle));
  res.end(data.subarray(middle));
}

function send(res: http.ServerResponse, reply: Reply) {
  switch (reply.type) {
    case 'json':
      return sendJson(res, reply.status, reply.body, reply.headers);
    case 'pdf':
      return sendPdf(res, reply.filename, reply.data);
    case 'file':
      res.writeHead(200, {'content-type': reply.contentType, 'content-disposition': `attachment; filename="${reply.filename}"`});
      return res.end(reply.data);
    case 'redirect':
      res.writeHead(302, {location: reply.location, 'content-type': 'text/html; charset=UTF-8'});
      return res.end(`Redirecting to ${reply.location}`);
    case 'html':
      res.writeHead(200, {'content-type': 'text/html; charset=UTF-8'});
      return res.end(reply.body);
    case 'text':
      res.writeHead(reply.status, {'content-type': reply.contentType});
      return res.end(reply.body);
  }
}

function defaultFaultBody(status: number): unknown {
  if (status >= 500) return {message: 'Server Error'};
  if (status === 429) return {message: 'Too many requests'};
  return {message: http.STATUS_CODES[status] ?? 'Error'};
}

// ---------------------------------------------------------------------------------------------
// Small helpers

const nowSeconds = () => Math.floor(Date.now() / 1000);
export const clone = <T>(value: T): T => structuredClone(value);
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

export function isObject(value: unknown): value is Rec {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function singular(segment: string): string {
  if (segment.endsWith('ies')) return `${segment.slice(0, -3)}y`;
  if (segment.endsWith('statuses')) return segment.slice(0, -2);
  return segment.endsWith('s') ? segment.slice(0, -1) : segment;
}

/** `purchase_orders` → `PurchaseOrder`, as in the server's "No query results for model" message. */
function modelName(segment: string): string {
  return singular(segment).split('_').map(capitalize).join('');
}

/** `purchase_order` → `Purchase_Order`, for download file names (`Quote_0001.pdf`). */
function fileLabel(singularSegment: string): string {
  return singularSegment.split('_').map(capitalize).join('_');
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function intOr(value: string | undefined, fallback: number): number {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) ? n : fallback;
}

const BASE62 = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ID_SPACE = 62n ** 6n;

/** "Vole" + 6 base-62 digits. The odd multiplier (coprime to 62^6) scrambles the counter without collisions. */
function hashedId(counter: number): string {
  let n = (BigInt(counter) * 2_654_435_761n) % ID_SPACE;
  let digits = '';
  for (let i = 0; i < 6; i++) {
    digits = BASE62[Number(n % 62n)] + digits;
    n /= 62n;
  }
  return `Vole${digits}`;
}

// ---------------------------------------------------------------------------------------------
// Multipart

/** Parses a multipart/form-data body over raw bytes, so binary file content survives. */
export function parseMultipart(body: Buffer, contentType: string): UploadPart[] {
  const match = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  if (!match) return [];
  const delimiter = Buffer.from(`\r\n--${match[1] ?? match[2]}`);
  // A leading CRLF makes the first delimiter look like the others.
  const buf = Buffer.concat([Buffer.from('\r\n'), body]);
  const parts: UploadPart[] = [];
  let at = buf.indexOf(delimiter);
  while (at !== -1) {
    const afterDelimiter = at + delimiter.length;
    if (buf.toString('latin1', afterDelimiter, afterDelimiter + 2) === '--') break;
    const headerEnd = buf.indexOf('\r\n\r\n', afterDelimiter);
    if (headerEnd === -1) break;
    const next = buf.indexOf(delimiter, headerEnd + 4);
    if (next === -1) break;
    const headers = buf.toString('utf8', afterDelimiter + 2, headerEnd);
    parts.push(makePart(headers, Buffer.from(buf.subarray(headerEnd + 4, next))));
    at = next;
  }
  return parts;
}

function makePart(rawHeaders: string, data: Buffer): UploadPart {
  const headers = new Map<string, string>();
  for (const line of rawHeaders.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const disposition = headers.get('content-disposition') ?? '';
  const part: UploadPart = {name: /(?:^|;)\s*name="([^"]*)"/i.exec(disposition)?.[1] ?? '', data};
  const filename = /(?:^|;)\s*filename="([^"]*)"/i.exec(disposition)?.[1];
  if (filename !== undefined) part.filename = filename;
  const type = headers.get('content-type');
  if (type !== undefined) part.contentType = type;
  return part;
}

// ---------------------------------------------------------------------------------------------
// Store

/** A report started with send_email:false: answered 409 until `pending` polls have passed, then once. */
interface ReportJob {
  name: string;
  output: string;
  pending: number;
}

/** Polls a report preview answers 409 before its result is ready (see Upstream.reportDelay). */
const DEFAULT_REPORT_DELAY = 2;

/** An e-mail the server would have sent: which record, through which route and action. */
export interface Mail {
  segment: string;
  id: string;
  action: string;
  /** POST /emails: the template and the cc addresses. */
  template?: string;
  cc?: string;
}

/** A stored document's file, served by GET /documents/{id}/download. */
interface StoredFile {
  name: string;
  contentType: string;
  data: Buffer;
}

export class Store {
  private readonly collections = new Map<string, Rec[]>();
  private counter = 0;
  readonly reports = new Map<string, ReportJob>();
  readonly outbox: Mail[] = [];
  readonly files = new Map<string, StoredFile>();
  /** CSV files a preimport cached, by hash. */
  readonly imports = new Map<string, {entity: string; csv: string}>();
  reportDelay = DEFAULT_REPORT_DELAY;

  constructor() {
    this.reset();
  }

  reset() {
    this.collections.clear();
    this.reports.clear();
    this.outbox.length = 0;
    this.files.clear();
    this.imports.clear();
    this.reportDelay = DEFAULT_REPORT_DELAY;
    this.counter = 0;
    for (const [segment, records] of Object.entries(defaultSeed())) this.seed(segment, records);
    for (const doc of this.collection('documents')) this.files.set(String(doc.id), {name: String(doc.name), contentType: 'image/png', data: fakePng(String(doc.id))});
  }

  nextId(): string {
    this.counter += 1;
    return hashedId(this.counter);
  }

  /** The live collection, created on first use. */
  collection(segment: string): Rec[] {
    let records = this.collections.get(segment);
    if (!records) {
      records = [];
      this.collections.set(segment, records);
    }
    return records;
  }

  /** Replaces a collection; given fields win over the defaults. */
  seed(segment: string, records: Rec[]) {
    const now = nowSeconds();
    const base = () => ({id: this.nextId(), is_deleted: false, archived_at: 0, created_at: now, updated_at: now});
    this.collections.set(segment, records.map((record) => ({...base(), ...clone(record)})));
  }

  find(segment: string, id: string): Rec {
    const record = this.collection(segment).find((r) => r.id === id);
    if (!record) {
      throw new HttpError(400, {message: `No query results for model [App\\Models\\${modelName(segment)}].`});
    }
    return record;
  }

  create(segment: string, fields: Rec): Rec {
    const records = this.collection(segment);
    const now = nowSeconds();
    const id = this.nextId();
    const record: Rec = {...fields, id, is_deleted: false, archived_at: 0, created_at: now, updated_at: now};
    if (NUMBERED.has(segment) && !record.number) record.number = String(records.length + 1).padStart(4, '0');
    // A new payment is completed (4), a new document a draft (1), as the server makes them.
    if (segment === 'payments') record.status_id ??= '4';
    if (DOCUMENTS.has(segment)) {
      record.status_id ??= '1';
      record.invitations ??= [{key: sha256(Buffer.from(id)).slice(0, 32)}];
    }
    records.push(record);
    return record;
  }
}

// ---------------------------------------------------------------------------------------------
// Lists

type Status = 'active' | 'archived' | 'deleted';
const STATUSES: readonly string[] = ['active', 'archived', 'deleted'];

function statusOf(record: Rec): Status {
  if (record.is_deleted === true) return 'deleted';
  return record.archived_at ? 'archived' : 'active';
}

function containsText(record: Rec, text: string): boolean {
  const needle = text.toLowerCase();
  return [record.name, record.number].some((v) => typeof v === 'string' && v.toLowerCase().includes(needle));
}

function listFilter(query: Record<string, string>, segment = ''): (record: Rec) => boolean {
  // Unknown status names are ignored, like the server; none known means no status filter.
  const statuses = (query.status ?? '').split(',').filter((s) => STATUSES.includes(s));
  const balance = comparison(query.balance);
  const clientStatus = clientStatusFilter(segment, query.client_status);
  return (record) =>
    (statuses.length === 0 || statuses.includes(statusOf(record))) &&
    (query.client_id === undefined || record.client_id === query.client_id) &&
    (query.number === undefined || record.number === query.number) &&
    (!query.filter || containsText(record, query.filter)) &&
    balance(record.balance) &&
    onOrAfter(record.updated_at, query.updated_at) &&
    onOrAfter(record.created_at, query.created_at) &&
    clientStatus(record);
}

/** `balance=gt:1000` (lt, lte, gt, gte, eq); anything else filters nothing, as upstream. */
function comparison(raw: string | undefined): (value: unknown) => boolean {
  const match = /^(lt|lte|gt|gte|eq):(-?\d+(?:\.\d+)?)$/.exec(raw ?? '');
  if (!match) return () => true;
  const [, op, limit] = match;
  const n = Number(limit);
  const tests: Record<string, (v: number) => boolean> = {lt: (v) => v < n, lte: (v) => v <= n, gt: (v) => v > n, gte: (v) => v >= n, eq: (v) => v === n};
  return (value) => typeof value === 'number' && tests[op](value);
}

/** `updated_at=<unix seconds or YYYY-MM-DD>`: records changed on or after it. */
function onOrAfter(value: unknown, raw: string | undefined): boolean {
  if (!raw) return true;
  const since = /^\d+$/.test(raw) ? Number(raw) : Date.parse(raw) / 1000;
  return Number.isNaN(since) || (typeof value === 'number' && value >= since);
}

/** `client_status=unpaid,overdue` by status_id (FACTS.md "Statuses"); `all` and unknown names filter nothing. */
const CLIENT_STATUSES: Record<string, Record<string, (r: Rec, today: string) => boolean>> = {
  invoices: {
    draft: (r) => r.status_id === '1',
    paid: (r) => r.status_id === '4',
    unpaid: (r) => r.status_id === '2' || r.status_id === '3',
    overdue: (r, today) => (r.status_id === '2' || r.status_id === '3') && typeof r.due_date === 'string' && r.due_date !== '' && r.due_date < today,
    cancelled: (r) => r.status_id === '5',
  },
  quotes: {
    draft: (r) => r.status_id === '1',
    sent: (r) => r.status_id === '2',
    approved: (r) => r.status_id === '3',
    converted: (r) => r.status_id === '4',
    expired: (r, today) => r.status_id === '2' && typeof r.due_date === 'string' && r.due_date !== '' && r.due_date < today,
  },
};

function clientStatusFilter(segment: string, raw: string | undefined): (record: Rec) => boolean {
  const known = CLIENT_STATUSES[segment] ?? {};
  const tests = (raw ?? '').split(',').map((name) => known[name]).filter(Boolean);
  if (tests.length === 0) return () => true;
  const today = new Date().toISOString().slice(0, 10);
  return (record) => tests.some((test) => test(record, today));
}

function compareValues(a: unknown, b: unknown): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = String(a ?? '');
  const y = String(b ?? '');
  return x < y ? -1 : x > y ? 1 : 0;
}

/** `sort=field|asc|desc`. An unknown column is a 500, as on the real server. */
function sortRecords(records: Rec[], sort: string | undefined, all: Rec[]): Rec[] {
  if (!sort) return records;
  const [field = '', direction = 'asc'] = sort.split('|');
  const descending = direction.toLowerCase() === 'desc';
  // Hashed ids sort by the hidden numeric id upstream, i.e. creation order: collection order here.
  if (field === 'id') return descending ? [...records].reverse() : records;
  const known = COMMON_COLUMNS.has(field) || all.some((r) => field in r);
  if (!known) throw serverError();
  const sign = descending ? -1 : 1;
  return [...records].sort((a, b) => sign * compareValues(a[field], b[field]));
}

function paginate(records: Rec[], query: Record<string, string>, collectionUrl: string) {
  const perPage = Math.min(5000, Math.max(1, intOr(query.per_page, 20)));
  const page = Math.max(1, intOr(query.page, 1));
  const total = records.length;
  // Laravel says total_pages 0 for an empty list; 1 keeps "page 1 of N" true and is simpler for clients.
  const totalPages = Math.max(1, Math.ceil(total / perPage));
  const data = records.slice((page - 1) * perPage, page * perPage);
  // Like the real server, the links drop per_page and filters.
  const links: Record<string, string> = {};
  if (page > 1) links.previous = `${collectionUrl}?page=${page - 1}`;
  if (page < totalPages) links.next = `${collectionUrl}?page=${page + 1}`;
  const pagination = {total, count: data.length, per_page: perPage, current_page: page, total_pages: totalPages, links};
  return {data: clone(data), meta: {pagination}};
}

// ---------------------------------------------------------------------------------------------
// Record handlers

/** What bulk actions and single-record GET actions do; other action names change nothing. */
const ACTIONS: Record<string, (record: Rec, now: number) => void> = {
  archive(record, now) {
    record.archived_at = now;
  },
  restore(record) {
    record.archived_at = 0;
    record.is_deleted = false;
  },
  delete(record, now) {
    // The server also soft-deletes the row, which sets archived_at.
    record.is_deleted = true;
    record.archived_at ||= now;
  },
  mark_paid(record) {
    record.status_id = '4';
    record.balance = 0;
  },
  // The status ids of FACTS.md's "Statuses": 2 Sent, quotes 3 Approved and 4 Converted, invoices 5 Cancelled,
  // recurring 2 Active and 3 Paused.
  ...Object.fromEntries(
    Object.entries({mark_sent: '2', approve: '3', convert_to_invoice: '4', cancel: '5', start: '2', stop: '3'}).map(([action, status]) => [
      action,
      (record: Rec) => {
        record.status_id = status;
      },
    ]),
  ),
};

/** Bulk actions that answer a file instead of records. */
const FILE_ACTIONS = new Set(['download', 'bulk_download', 'bulk_print']);

/** A zip's bytes as far as a client can tell: the local-file signature, then the ids. */
export function fakeZip(ids: string[]): Buffer {
  return Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.from(ids.join('\n'))]);
}

/** Actions that send the record by e-mail: recorded in the outbox, so a test can count the mails. */
const MAILING = new Set(['email', 'send_email', 'email_receipt', 'send_now']);
/** Actions that make a new record of another family from this one. */
const CLONES: Record<string, string> = {clone_to_invoice: 'invoices', convert_to_invoice: 'invoices', clone_to_credit: 'credits'};

function applyAction(record: Rec, action: string, store?: Store, segment = '') {
  const now = nowSeconds();
  if (store && MAILING.has(action)) store.outbox.push({segment, id: String(record.id), action});
  const target = CLONES[action];
  if (store && target) {
    const {id: _id, number: _number, invitations: _invitations, ...fields} = clone(record);
    store.create(target, {...fields, status_id: '1'});
  }
  const effect = ACTIONS[action];
  if (!effect) return;
  effect(record, now);
  record.updated_at = now;
}

export function jsonBody(request: RecordedRequest): Rec {
  if (!isObject(request.json)) throw invalidJson();
  return request.json;
}

function validate(segment: string, fields: Rec, creating: boolean) {
  const errors: Rec = {};
  const clientId = fields.client_id;
  if (creating && CLIENT_DOCUMENTS.has(segment) && (clientId === undefined || clientId === null || clientId === '')) {
    errors.client_id = ['The client id field is required.'];
  }
  if (segment === 'clients' && 'contacts' in fields && !Array.isArray(fields.contacts)) {
    // A plain string, not a list: the real server answers this one that way too.
    errors.contacts = 'The contacts must be an array.';
  }
  if (Object.keys(errors).length > 0) throw invalid(errors);
}

function template(segment: string): Rec {
  const base = {id: '', is_deleted: false, archived_at: 0, created_at: 0, updated_at: 0};
  if (DOCUMENTS.has(segment)) {
    return {...base, client_id: '', number: '', status_id: '1', date: '', due_date: '', amount: 0, balance: 0,
      line_items: [], invitations: []};
  }
  if (segment === 'clients') return {...base, name: '', number: '', balance: 0, contacts: []};
  return {...base, name: ''};
}

function update(store: Store, segment: string, id: string, request: RecordedRequest): Reply {
  const record = store.find(segment, id);
  const fields = jsonBody(request);
  validate(segment, fields, false);
  const changes = {...fields};
  delete changes.id;
  delete changes.created_at;
  // A PUT that carries a list replaces it whole; a contact keeps its identity only when its id is sent.
  if (Array.isArray(changes.contacts)) {
    changes.contacts = changes.contacts.map((c: unknown) => (isObject(c) && !c.id ? {...c, id: store.nextId()} : c));
  }
  Object.assign(record, changes, {updated_at: nowSeconds()});
  return ok({data: clone(record)});
}

function bulk(store: Store, segment: string, request: RecordedRequest): Reply {
  const {action, ids} = jsonBody(request);
  if (typeof action !== 'string' || action === '' || !Array.isArray(ids)) {
    const errors: Rec = {};
    if (typeof action !== 'string' || action === '') errors.action = ['The action field is required.'];
    if (!Array.isArray(ids)) errors.ids = ['The ids must be an array.'];
    throw invalid(errors);
  }
  const wanted = new Set(ids.map(String));
  const affected = store.collection(segment).filter((r) => wanted.has(String(r.id)));
  // FACTS.md: download of one id answers its PDF, of several a zip; bulk_print one PDF.
  if (FILE_ACTIONS.has(action) && affected.length > 0) {
    if (action === 'bulk_download' && affected.length > 1) return {type: 'file', contentType: 'application/zip', filename: `${segment}.zip`, data: fakeZip(affected.map((r) => String(r.id)))};
    return recordDownload(segment, affected[0]);
  }
  for (const record of affected) applyAction(record, action, store, segment);
  return ok({data: clone(affected)});
}

/** Files count only as `documents[]` (or PHP's `documents[0]`); a bare `documents` field is ignored. */
function upload(store: Store, segment: string, id: string, request: RecordedRequest): Reply {
  const parts = request.parts ?? [];
  const method = parts.find((p) => p.name === '_method' && p.filename === undefined)?.data.toString('utf8');
  // The route is PUT upstream; a POST without the override matches no route.
  if (method?.toUpperCase() !== 'PUT') throw notFound();
  const record = store.find(segment, id);
  const files = parts.filter((p) => /^documents\[\d*\]$/.test(p.name) && p.filename !== undefined);
  const added = files.map((p) => {
    const doc = store.create('documents', {name: p.filename, type: String(p.filename).split('.').pop(), size: p.data.length, hash: sha256(p.data)});
    store.files.set(String(doc.id), {name: String(p.filename), contentType: p.contentType ?? 'application/octet-stream', data: p.data});
    return {id: doc.id, name: p.filename, size: p.data.length, hash: sha256(p.data)};
  });
  const existing = Array.isArray(record.documents) ? record.documents : [];
  record.documents = [...existing, ...added];
  record.updated_at = nowSeconds();
  return ok({data: clone(record)});
}

export function recordDownload(segment: string, record: Rec): Reply {
  const id = String(record.id);
  return {type: 'pdf', filename: `${fileLabel(singular(segment))}_${String(record.number ?? id)}.pdf`, data: fakePdf(id)};
}

/** The record an invitation key belongs to; a bad key is a 400, as on the server. */
export function byInvitation(store: Store, entity: string, key: string): Rec {
  const hasKey = (record: Rec) =>
    Array.isArray(record.invitations) && record.invitations.some((i: unknown) => isObject(i) && i.key === key);
  const record = store.collection(`${entity}s`).find(hasKey);
  if (!record) throw new HttpError(400, {message: 'Invalid invitation key'});
  return record;
}

function invitationDownload(store: Store, entity: string, key: string): Reply {
  const record = byInvitation(store, entity, key);
  return {type: 'pdf', filename: `${fileLabel(entity)}_${String(record.number ?? record.id)}.pdf`, data: fakePdf(key)};
}

function search(store: Store, request: RecordedRequest): Reply {
  const text = jsonBody(request).search;
  const find = (segment: string) =>
    typeof text === 'string' && text !== ''
      ? clone(store.collection(segment).filter((r) => r.is_deleted !== true && containsText(r, text)))
      : [];
  return ok({clients: find('clients'), client_contacts: [], invoices: find('invoices'), settings: []});
}

// ---------------------------------------------------------------------------------------------
// Routing

function documentDownload(store: Store, id: string): Reply {
  const record = store.find('documents', id);
  const file = store.files.get(String(record.id));
  if (!file) throw new HttpError(404, {message: 'File not found'});
  return {type: 'file', contentType: file.contentType, filename: file.name, data: file.data};
}

/** The routes of one collection, as the server registers them (server-routes.ts); anything else is the catch-all 404. */
function collectionRoute(store: Store, url: string, request: RecordedRequest, segment: string, rest: string[]): Reply {
  const {method} = request;
  const [id = '', action = ''] = rest;
  if (rest.length === 0) {
    if (method === 'GET' && routed(segment, 'list')) {
      const all = store.collection(segment);
      const matched = sortRecords(all.filter(listFilter(request.query, segment)), request.query.sort, all);
      return ok(paginate(matched, request.query, `${url}/api/v1/${segment}`));
    }
    if (method === 'POST' && routed(segment, 'create')) {
      const fields = jsonBody(request);
      validate(segment, fields, true);
      const record = store.create(segment, fields);
      applySaveEffects(store, segment, record, request.query);
      return ok({data: clone(record)});
    }
  }
  if (rest.length === 1) {
    if (id === 'create' && method === 'GET' && routed(segment, 'template')) return ok({data: template(segment)});
    if (id === 'bulk' && method === 'POST' && routed(segment, 'bulk')) return bulk(store, segment, request);
    if (method === 'GET' && routed(segment, 'show')) return ok({data: clone(store.find(segment, id))});
    if (method === 'PUT' && routed(segment, 'update')) {
      const reply = update(store, segment, id, request);
      applySaveEffects(store, segment, store.find(segment, id), request.query);
      return reply.type === 'json' ? ok({data: clone(store.find(segment, id))}) : reply;
    }
    if (method === 'DELETE' && routed(segment, 'delete')) {
      const record = store.find(segment, id);
      applyAction(record, 'delete');
      return ok({data: clone(record)});
    }
  }
  if (rest.length === 2) {
    if (action === 'upload' && method === 'POST' && routed(segment, 'upload')) return upload(store, segment, id, request);
    if (method === 'GET' && action === 'edit' && routed(segment, 'edit')) return ok({data: clone(store.find(segment, id))});
    if (method === 'GET' && action === 'download' && routed(segment, 'download')) return documentDownload(store, id);
    if (method === 'GET' && routed(segment, 'actions')) {
      const record = store.find(segment, id);
      if (action === 'download') return recordDownload(segment, record);
      applyAction(record, action, store, segment);
      return ok({data: clone(record)});
    }
  }
  throw notFound();
}

/**
 * POST /reports/{name}: with send_email left true the report is e-mailed ("working..."); with
 * send_email:false the answer is a hash to fetch from /reports/preview/{hash}.
 */
function startReport(store: Store, name: string, request: RecordedRequest): Reply {
  const body = jsonBody(request);
  if (body.send_email !== false) return ok({message: 'working...'});
  const hash = `rep${store.nextId()}`;
  store.reports.set(hash, {name, output: body.output === 'json' ? 'json' : 'csv', pending: store.reportDelay});
  return ok({message: hash});
}

/** REPORT_CSV is what a finished CSV report answers (the JSON form carries the same rows). */
export const REPORT_CSV = '"Client","Number","Amount"\n"Acme Ltd","0001","1250.50"\n';

function reportPreview(store: Store, hash: string): Reply {
  const job = store.reports.get(hash);
  if (!job) throw new HttpError(404, {message: 'Report not found'});
  if (job.pending > 0) {
    job.pending -= 1;
    throw new HttpError(409, {message: 'Still working'});
  }
  store.reports.delete(hash); // readable once
  if (job.output === 'json') return ok([{client: 'Acme Ltd', number: '0001', amount: '1250.50'}]);
  return {type: 'text', status: 200, contentType: 'text/csv; charset=UTF-8', body: REPORT_CSV};
}

/** Routes a path below /api/v1/, already split and decoded. */
function apiRoute(store: Store, url: string, request: RecordedRequest, parts: string[]): Reply {
  const {method} = request;
  const [first = '', second = '', third = ''] = parts;
  if (parts.some((p) => p === '')) throw notFound();
  if (parts.length === 1 && first === 'ping' && method === 'GET') return ok(PING);
  if (parts.length === 1 && first === 'statics' && method === 'GET') return ok(STATICS);
  if (parts.length === 1 && first === 'search' && method === 'POST') return search(store, request);
  if (parts.length === 1 && first === 'health_check' && method === 'GET') return ok({status: 'ok', env: 'stand-in'});
  if (first === 'reports' && second === 'preview' && parts.length === 3 && method === 'POST') return reportPreview(store, third);
  if (first === 'reports' && parts.length === 2 && method === 'POST') return startReport(store, second, request);
  if (first === 'charts' && parts.length === 2 && method === 'POST') return ok({chart: second, currencies: {'1': {code: 'USD'}}, totals: {invoices: 2, revenue: 1234.5}});
  if (parts.length === 3 && INVITATION_ENTITIES.has(first) && third === 'download' && method === 'GET') {
    return invitationDownload(store, first, second);
  }
  const operation = operationRoute(store, request, parts);
  if (operation) return operation;
  if (!SEGMENT.test(first) || RESERVED.has(first) || parts.length > 3) throw notFound();
  return collectionRoute(store, url, request, first, parts.slice(1));
}

// ---------------------------------------------------------------------------------------------
// Recording

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function recordRequest(req: http.IncomingMessage, body: Buffer): RecordedRequest {
  const target = req.url ?? '/';
  const q = target.indexOf('?');
  const rawQuery = q === -1 ? '' : target.slice(q + 1);
  const recorded: RecordedRequest = {
    method: req.method ?? 'GET',
    path: q === -1 ? target : target.slice(0, q),
    query: Object.fromEntries(new URLSearchParams(rawQuery)),
    rawQuery,
    headers: {...req.headers},
    body,
  };
  const contentType = req.headers['content-type'] ?? '';
  if (/^application\/json\b/i.test(contentType)) {
    try {
      recorded.json = JSON.parse(body.toString('utf8'));
    } catch {
      // Left undefined: the handlers answer 400 Invalid JSON.
    }
  }
  if (/^multipart\/form-data\b/i.test(contentType)) recorded.parts = parseMultipart(body, contentType);
  return recorded;
}

// ---------------------------------------------------------------------------------------------
// Server

interface QueuedFault {
  fault: Fault;
  remaining: number;
}

class StandIn implements Upstream {
  url = '';
  readonly requests: RecordedRequest[] = [];
  private readonly store = new Store();
  private readonly faults: QueuedFault[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly server = http.createServer((req, res) => {
    this.receive(req, res).catch(() => res.socket?.destroy());
  });

  constructor(
    readonly token: string,
    private readonly password: string,
    private readonly latencyMs: number,
  ) {
    this.server.on('connection', (socket: Socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
  }

  /** Port 0 picks a free port. */
  async listen(port: number): Promise<void> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  reset(): void {
    this.requests.length = 0;
    this.faults.length = 0;
    this.store.reset();
  }

  setReportDelay(polls: number): void {
    this.store.reportDelay = polls;
  }

  seed(segment: string, records: Array<Record<string, unknown>>): void {
    if (!SEGMENT.test(segment)) throw new Error(`not a collection segment: ${segment}`);
    this.store.seed(segment, records);
  }

  records(segment: string): Array<Record<string, unknown>> {
    return clone(this.store.collection(segment));
  }

  fault(f: Fault): void {
    this.faults.push({fault: f, remaining: f.times ?? 1});
  }

  outbox(): Mail[] {
    return clone(this.store.outbox);
  }

  async close(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    // Hanging and keep-alive sockets would otherwise hold the test process open.
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async receive(req: http.IncomingMessage, res: http.ServerResponse) {
    const request = recordRequest(req, await readBody(req));
    this.requests.push(request);
    if (this.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, this.latencyMs));
    const fault = this.takeFault(request);
    if (fault) this.applyFault(fault, request, res);
    else this.respond(request, res);
  }

  private takeFault(request: RecordedRequest): Fault | undefined {
    const index = this.faults.findIndex(({fault}) =>
      (fault.method === undefined || fault.method.toUpperCase() === request.method) &&
      (fault.path === undefined || request.path.startsWith(fault.path)) &&
      Object.entries(fault.query ?? {}).every(([k, v]) => request.query[k] === v));
    const queued = this.faults[index];
    if (!queued) return undefined;
    queued.remaining -= 1;
    if (queued.remaining <= 0) this.faults.splice(index, 1);
    return queued.fault;
  }

  private applyFault(fault: Fault, request: RecordedRequest, res: http.ServerResponse) {
    switch (fault.kind) {
      case 'status':
        return sendJson(res, fault.status, fault.body ?? defaultFaultBody(fault.status), fault.headers);
      case 'raw':
        res.writeHead(fault.status, {...fault.headers, 'content-type': fault.contentType});
        return res.end(fault.body);
      case 'hang':
        return; // Never answered; close() destroys the socket.
      case 'drop':
        return res.socket?.destroy();
      case 'dropMidBody':
        res.writeHead(200, {...fault.headers, 'content-type': fault.contentType ?? 'application/json'});
        // Destroy only once the partial chunk has reached the socket, so the client sees it.
        return res.write('{"data":[{"id":"Vole', () => setImmediate(() => res.socket?.destroy()));
      case 'stall':
        res.writeHead(200, {...fault.headers, 'content-type': fault.contentType ?? 'application/json'});
        return res.write('{"data":[{"id":"Vole'); // Never ended; close() destroys the socket.
      case 'endless': {
        res.writeHead(fault.status ?? 200, {...fault.headers, 'content-type': fault.contentType ?? 'application/json'});
        const chunk = Buffer.alloc(64 * 1024, 0x20);
        const pump = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        return pump();
      }
      case 'drip': {
        res.writeHead(200, {'content-type': fault.contentType ?? 'application/json'});
        const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), fault.everyMs);
        res.once('close', () => clearInterval(timer));
        return res.write('{');
      }
      case 'delay': {
        const timer = setTimeout(() => {
          this.timers.delete(timer);
          this.respond(request, res);
        }, fault.ms);
        this.timers.add(timer);
        return;
      }
    }
  }

  private respond(request: RecordedRequest, res: http.ServerResponse) {
    try {
      send(res, this.route(request));
    } catch (error) {
      if (error instanceof HttpError) return sendJson(res, error.status, error.body);
      console.error('upstream stand-in failed:', error);
      sendJson(res, 500, {message: 'Server Error'});
    }
  }

  private route(request: RecordedRequest): Reply {
    // Where the 302 below leads: the web app's HTML page, as on the real server.
    if (request.path === '/' && request.method === 'GET') return {type: 'html', body: LANDING_PAGE};
    if (!request.path.startsWith(API_PREFIX)) throw notFound();
    const parts = request.path.slice(API_PREFIX.length).split('/').map(decodeSegment);
    // Laravel answers HEAD on every GET route (Node drops the body of a HEAD answer).
    const routedAs = request.method === 'HEAD' ? {...request, method: 'GET'} : request;
    return this.gate(request, parts[0] ?? '') ?? apiRoute(this.store, this.url, routedAs, parts);
  }

  /** Token, X-Requested-With and password checks, in that order. */
  private gate(request: RecordedRequest, segment: string): Reply | undefined {
    const header = (name: string) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value[0] : value;
    };
    const token = header('x-api-token');
    if (token === 'no-permission') throw new HttpError(401, {message: 'This action is unauthorized.'});
    if (token !== this.token) throw new HttpError(403, {message: 'Invalid token', errors: {}});
    if (header('x-requested-with') !== 'XMLHttpRequest') return {type: 'redirect', location: `${this.url}/`};
    if (segment === 'users' && header('x-api-password') !== this.password) {
      throw new HttpError(412, {message: 'Invalid Password', errors: {}});
    }
    return undefined;
  }
}
