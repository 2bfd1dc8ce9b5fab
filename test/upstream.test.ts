import {expect} from 'chai';
import {createHash} from 'node:crypto';

import {CATCH_ALL_MESSAGE, REPORT_CSV, fakePdf, startUpstream, type Upstream} from './support/upstream.js';

interface Call {
  method?: string;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

describe('upstream stand-in', () => {
  let up: Upstream;

  before(async () => {
    up = await startUpstream();
  });
  after(async () => {
    await up.close();
  });
  beforeEach(() => up.reset());

  const headers = (extra: Record<string, string> = {}): Record<string, string> => ({
    'X-API-TOKEN': up.token,
    'X-Requested-With': 'XMLHttpRequest',
    Accept: 'application/json',
    ...extra,
  });

  /** A fetch with the headers a well-behaved client sends; a JSON body when `body` is given. */
  function call(path: string, {method = 'GET', body, headers: extra = {}, signal}: Call = {}): Promise<Response> {
    const json: Record<string, string> = body === undefined ? {} : {'Content-Type': 'application/json'};
    return fetch(`${up.url}${path}`, {
      method,
      headers: headers({...json, ...extra}),
      body: body === undefined ? undefined : JSON.stringify(body),
      redirect: 'manual',
      signal,
    });
  }

  async function callJson(path: string, init: Call = {}): Promise<{status: number; body: any}> {
    const res = await call(path, init);
    expect(res.headers.get('content-type')).to.match(/^application\/json/);
    return {status: res.status, body: await res.json()};
  }

  const numbered = (n: number) => Array.from({length: n}, (_, i) => ({name: `Item ${i + 1}`, cost: i + 1}));

  describe('headers and auth', () => {
    it('answers ping and statics (statics without a data wrapper)', async () => {
      expect(await callJson('/api/v1/ping')).to.deep.equal({
        status: 200,
        body: {company_name: 'Stand-in Co', user_name: 'Test User'},
      });
      const statics = await callJson('/api/v1/statics');
      expect(statics.body).to.not.have.property('data');
      expect(statics.body.currencies[0]).to.include({id: '1', code: 'USD'});
      expect(statics.body).to.have.keys('currencies', 'countries', 'languages', 'payment_types');
    });

    it('answers 403 for a missing or wrong token and 401 for a token without permission', async () => {
      const missing = await fetch(`${up.url}/api/v1/ping`, {headers: {'X-Requested-With': 'XMLHttpRequest'}});
      expect(missing.status).to.equal(403);
      expect(await missing.json()).to.deep.equal({message: 'Invalid token', errors: {}});
      const wrong = await callJson('/api/v1/invoices', {headers: {'X-API-TOKEN': 'nope'}});
      expect(wrong.status).to.equal(403);
      const denied = await callJson('/api/v1/invoices', {headers: {'X-API-TOKEN': 'no-permission'}});
      expect(denied).to.deep.equal({status: 401, body: {message: 'This action is unauthorized.'}});
    });

    it('redirects with 302 when X-Requested-With is missing', async () => {
      const res = await fetch(`${up.url}/api/v1/invoices`, {headers: {'X-API-TOKEN': up.token}, redirect: 'manual'});
      expect(res.status).to.equal(302);
      expect(res.headers.get('location')).to.equal(`${up.url}/`);
      const followed = await fetch(`${up.url}/api/v1/invoices`, {headers: {'X-API-TOKEN': up.token}});
      expect(followed.headers.get('content-type')).to.match(/^text\/html/);
    });

    it('needs X-API-PASSWORD on users routes', async () => {
      expect(await callJson('/api/v1/users')).to.deep.equal({
        status: 412,
        body: {message: 'Invalid Password', errors: {}},
      });
      const wrong = await callJson('/api/v1/users', {headers: {'X-API-PASSWORD': 'guess'}});
      expect(wrong.status).to.equal(412);
      const right = await callJson('/api/v1/users', {headers: {'X-API-PASSWORD': 'secret-pass'}});
      expect(right.status).to.equal(200);
    });

    it('answers 404 for unknown routes and wrong methods', async () => {
      const notFound = {status: 404, body: {message: CATCH_ALL_MESSAGE}};
      expect(await callJson('/api/v1/Invoices')).to.deep.equal(notFound);
      expect(await callJson('/api/v1/api/v1/invoices')).to.deep.equal(notFound);
      expect(await callJson('/api/v1/invoices', {method: 'PUT', body: {}})).to.deep.equal(notFound);
      expect(await callJson('/api/v1/ping', {method: 'POST', body: {}})).to.deep.equal(notFound);
      expect(await callJson('/elsewhere')).to.deep.equal(notFound);
    });
  });

  describe('recording', () => {
    it('records method, raw path, query, headers and JSON body', async () => {
      await call('/api/v1/clients/a%20b?x=1&x=2&name=J%C3%BCrgen', {method: 'PUT', body: {name: 'n'}});
      expect(up.requests).to.have.length(1);
      const [r] = up.requests;
      expect(r).to.include({method: 'PUT', path: '/api/v1/clients/a%20b', rawQuery: 'x=1&x=2&name=J%C3%BCrgen'});
      expect(r!.query).to.deep.equal({x: '2', name: 'Jürgen'});
      expect(r!.headers['x-api-token']).to.equal(up.token);
      expect(r!.body.toString()).to.equal('{"name":"n"}');
      expect(r!.json).to.deep.equal({name: 'n'});
    });
  });

  describe('lists', () => {
    it('pages with meta, clamps per_page and gives a next link without per_page or filters', async () => {
      up.seed('products', numbered(45));
      const page2 = await callJson('/api/v1/products?page=2&per_page=20&filter=Item');
      expect(page2.body.data).to.have.length(20);
      expect(page2.body.data[0].name).to.equal('Item 21');
      const {links, ...counts} = page2.body.meta.pagination;
      expect(counts).to.deep.equal({total: 45, count: 20, per_page: 20, current_page: 2, total_pages: 3});
      expect(links.next).to.equal(`${up.url}/api/v1/products?page=3`);
      const last = await callJson('/api/v1/products?page=3');
      expect(last.body.meta.pagination).to.include({count: 5, current_page: 3});
      expect(last.body.meta.pagination.links).to.not.have.property('next');
      const big = await callJson('/api/v1/products?per_page=99999');
      expect(big.body.meta.pagination).to.include({per_page: 5000, total_pages: 1});
      const empty = await callJson('/api/v1/tasks');
      expect(empty.body.meta.pagination).to.include({total: 0, count: 0, total_pages: 1});
    });

    it('filters by status, client_id, number and text', async () => {
      up.seed('invoices', [
        {client_id: 'c1', number: 'A-1', name: 'alpha'},
        {client_id: 'c2', number: 'A-2', archived_at: 1700000000},
        {client_id: 'c1', number: 'B-1', is_deleted: true, archived_at: 1700000000},
      ]);
      const numbers = async (query: string) =>
        (await callJson(`/api/v1/invoices?${query}`)).body.data.map((r: {number: string}) => r.number);
      expect(await numbers('')).to.deep.equal(['A-1', 'A-2', 'B-1']);
      expect(await numbers('status=active')).to.deep.equal(['A-1']);
      expect(await numbers('status=archived,deleted')).to.deep.equal(['A-2', 'B-1']);
      expect(await numbers('client_id=c1')).to.deep.equal(['A-1', 'B-1']);
      expect(await numbers('number=A-2')).to.deep.equal(['A-2']);
      expect(await numbers('filter=a-')).to.deep.equal(['A-1', 'A-2']);
    });

    it('filters by balance operators, updated_at (on or after) and client_status', async () => {
      up.seed('invoices', [
        {number: 'D', status_id: '1', balance: 10, updated_at: 1_600_000_000},
        {number: 'S', status_id: '2', balance: 1000, due_date: '2999-01-01', updated_at: 1_700_000_000},
        {number: 'O', status_id: '3', balance: 1500, due_date: '2000-01-01', updated_at: 1_700_000_000},
        {number: 'P', status_id: '4', balance: 0, updated_at: 1_800_000_000},
      ]);
      const numbers = async (query: string) =>
        (await callJson(`/api/v1/invoices?${query}`)).body.data.map((r: {number: string}) => r.number);
      expect(await numbers('balance=gt:1000')).to.deep.equal(['O']);
      expect(await numbers('balance=gte:1000')).to.deep.equal(['S', 'O']);
      expect(await numbers('balance=lt:10')).to.deep.equal(['P']);
      expect(await numbers('balance=lte:10')).to.deep.equal(['D', 'P']);
      expect(await numbers('balance=eq:1000')).to.deep.equal(['S']);
      expect(await numbers('balance=about:1')).to.deep.equal(['D', 'S', 'O', 'P']);
      expect(await numbers('updated_at=1700000000')).to.deep.equal(['S', 'O', 'P']);
      expect(await numbers('updated_at=2027-01-01')).to.deep.equal(['P']);
      expect(await numbers('client_status=unpaid')).to.deep.equal(['S', 'O']);
      expect(await numbers('client_status=overdue')).to.deep.equal(['O']);
      expect(await numbers('client_status=draft,paid')).to.deep.equal(['D', 'P']);
      expect(await numbers('client_status=all')).to.deep.equal(['D', 'S', 'O', 'P']);
    });

    it('sorts by a column, by id, and answers 500 for an unknown column', async () => {
      up.seed('products', [{name: 'b', cost: 10}, {name: 'a', cost: 9}, {name: 'c', cost: 100}]);
      const names = async (sort: string) =>
        (await callJson(`/api/v1/products?sort=${encodeURIComponent(sort)}`)).body.data.map((r: {name: string}) => r.name);
      expect(await names('name|asc')).to.deep.equal(['a', 'b', 'c']);
      expect(await names('cost|desc')).to.deep.equal(['c', 'b', 'a']);
      expect(await names('id|asc')).to.deep.equal(['b', 'a', 'c']);
      expect(await names('id|desc')).to.deep.equal(['c', 'a', 'b']);
      expect(await callJson('/api/v1/products?sort=bogus|asc')).to.deep.equal({
        status: 500,
        body: {message: 'Server Error'},
      });
    });
  });

  describe('records', () => {
    it('creates, shows, edits, updates and soft-deletes a record', async () => {
      const created = await callJson('/api/v1/invoices', {method: 'POST', body: {client_id: 'VolejRejNm', amount: 5}});
      expect(created.status).to.equal(200);
      const record = created.body.data;
      expect(record.id).to.be.a('string').and.match(/^Vole/);
      expect(record).to.include({client_id: 'VolejRejNm', amount: 5, is_deleted: false, archived_at: 0});
      expect(record.created_at).to.be.a('number');
      expect(record.invitations[0].key).to.be.a('string');

      expect((await callJson(`/api/v1/invoices/${record.id}`)).body.data).to.deep.equal(record);
      expect((await callJson(`/api/v1/invoices/${record.id}/edit`)).body.data).to.deep.equal(record);
      const updated = await callJson(`/api/v1/invoices/${record.id}`, {method: 'PUT', body: {amount: 7, id: 'x'}});
      expect(updated.body.data).to.include({id: record.id, amount: 7, client_id: 'VolejRejNm'});

      const deleted = await callJson(`/api/v1/invoices/${record.id}`, {method: 'DELETE'});
      expect(deleted.body.data.is_deleted).to.equal(true);
      expect(up.records('invoices').find((r) => r.id === record.id)).to.include({is_deleted: true});
    });

    it('answers a template for /create without creating anything', async () => {
      const before = up.records('quotes').length;
      const template = await callJson('/api/v1/quotes/create');
      expect(template.body.data).to.include({id: '', client_id: ''});
      expect(up.records('quotes')).to.have.length(before);
    });

    it('answers 400 for an unknown id', async () => {
      const expected = {status: 400, body: {message: 'No query results for model [App\\Models\\PurchaseOrder].'}};
      expect(await callJson('/api/v1/purchase_orders/nope')).to.deep.equal(expected);
      expect(await callJson('/api/v1/purchase_orders/nope', {method: 'PUT', body: {}})).to.deep.equal(expected);
    });

    it('answers 422 for validation errors and 400 for bodies that are not JSON', async () => {
      expect(await callJson('/api/v1/quotes', {method: 'POST', body: {amount: 1}})).to.deep.equal({
        status: 422,
        body: {message: 'The given data was invalid.', errors: {client_id: ['The client id field is required.']}},
      });
      const contacts = await callJson('/api/v1/clients', {method: 'POST', body: {name: 'x', contacts: 'ada'}});
      expect(contacts.status).to.equal(422);
      expect(contacts.body.errors).to.deep.equal({contacts: 'The contacts must be an array.'});
      const invalid = {status: 400, body: {message: 'Invalid JSON'}};
      const broken = {'Content-Type': 'application/json'};
      const res = await fetch(`${up.url}/api/v1/clients`, {method: 'POST', headers: headers(broken), body: '{"name":'});
      expect({status: res.status, body: await res.json()}).to.deep.equal(invalid);
      const form = {'Content-Type': 'application/x-www-form-urlencoded'};
      const res2 = await fetch(`${up.url}/api/v1/clients`, {method: 'POST', headers: headers(form), body: 'name=x'});
      expect({status: res2.status, body: await res2.json()}).to.deep.equal(invalid);
    });

    it('applies bulk actions and answers the affected records', async () => {
      up.seed('invoices', [{number: '1', balance: 10}, {number: '2', balance: 20}, {number: '3', balance: 30}]);
      const [a, b] = up.records('invoices').map((r) => r.id as string);
      const bulk = (action: string, ids: unknown) =>
        callJson('/api/v1/invoices/bulk', {method: 'POST', body: {action, ids}});

      const archived = await bulk('archive', [a, b, 'unknown']);
      expect(archived.body.data.map((r: {id: string}) => r.id)).to.deep.equal([a, b]);
      expect(archived.body.data[0].archived_at).to.be.above(0);
      expect((await bulk('restore', [a])).body.data[0]).to.include({archived_at: 0, is_deleted: false});
      expect((await bulk('delete', [a])).body.data[0]).to.include({is_deleted: true});
      expect((await bulk('mark_paid', [b])).body.data[0]).to.include({status_id: '4', balance: 0});
      expect((await bulk('mark_sent', [a])).body.data[0]).to.include({status_id: '2'});
      expect((await bulk('email', [b])).body.data[0]).to.include({status_id: '4'});

      const invalid = await callJson('/api/v1/invoices/bulk', {method: 'POST', body: {ids: 'x'}});
      expect(invalid.status).to.equal(422);
      expect(invalid.body.errors).to.have.keys('action', 'ids');
    });

    it('applies a single-record GET action, and answers a PDF for download', async () => {
      const [quote] = up.records('quotes');
      const sent = await callJson(`/api/v1/quotes/${quote!.id}/mark_sent`);
      expect(sent.body.data).to.include({id: quote!.id, status_id: '2'});
      expect((await callJson(`/api/v1/quotes/${quote!.id}/approve`)).body.data.id).to.equal(quote!.id);
      const pdf = await call(`/api/v1/quotes/${quote!.id}/download`);
      expect(pdf.headers.get('content-type')).to.equal('application/pdf');
      expect(Buffer.from(await pdf.arrayBuffer()).equals(fakePdf(quote!.id as string))).to.equal(true);
    });
  });

  describe('upload', () => {
    const binary = Buffer.concat([Buffer.from(Array.from({length: 256}, (_, i) => i)), Buffer.from('\r\n--x\r\n')]);

    function form(method?: string): FormData {
      const data = new FormData();
      if (method) data.append('_method', method);
      data.append('documents[]', new Blob([binary], {type: 'application/pdf'}), 'a.pdf');
      data.append('documents[]', new Blob(['hello']), 'b.txt');
      data.append('documents', new Blob(['ignored']), 'c.txt');
      return data;
    }

    const upload = (path: string, body: FormData) =>
      fetch(`${up.url}${path}`, {method: 'POST', headers: headers(), body});

    it('parses documents[] and _method, and ignores a plain documents field', async () => {
      const res = await upload('/api/v1/clients/VolejRejNm/upload', form('PUT'));
      expect(res.status).to.equal(200);
      const {data} = await res.json();
      expect(data.documents.map((d: {name: string; size: number}) => [d.name, d.size])).to.deep.equal([
        ['a.pdf', binary.length],
        ['b.txt', 5],
      ]);
      expect(data.documents[0].hash).to.equal(createHash('sha256').update(binary).digest('hex'));
      expect(data.documents[0].id).to.be.a('string');

      const parts = up.requests[0]!.parts!;
      expect(parts.map((p) => p.name)).to.deep.equal(['_method', 'documents[]', 'documents[]', 'documents']);
      expect(parts[1]).to.include({filename: 'a.pdf', contentType: 'application/pdf'});
      expect(parts[1]!.data.equals(binary)).to.equal(true);
      expect(up.records('clients')[0]!.documents).to.have.length(2);
    });

    it('answers 404 without _method=PUT and 400 for an unknown record', async () => {
      const missing = await upload('/api/v1/clients/VolejRejNm/upload', form());
      expect(missing.status).to.equal(404);
      expect(await missing.json()).to.deep.equal({message: CATCH_ALL_MESSAGE});
      const unknown = await upload('/api/v1/clients/nope/upload', form('PUT'));
      expect(unknown.status).to.equal(400);
    });
  });

  describe('download by invitation key', () => {
    it('streams a chunked PDF without Content-Length', async () => {
      const res = await call('/api/v1/quote/quokey0001acme/download');
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.equal('application/pdf');
      expect(res.headers.get('content-disposition')).to.equal('attachment; filename=Quote_0001.pdf');
      expect(res.headers.get('content-length')).to.equal(null);
      expect(res.headers.get('transfer-encoding')).to.equal('chunked');
      expect(Buffer.from(await res.arrayBuffer()).equals(fakePdf('quokey0001acme'))).to.equal(true);
    });

    it('finds keys in seeded collections and answers 400 for an unknown key', async () => {
      up.seed('purchase_orders', [{number: 'PO-7', invitations: [{key: 'k1'}]}]);
      const res = await call('/api/v1/purchase_order/k1/download');
      expect(res.headers.get('content-disposition')).to.equal('attachment; filename=Purchase_Order_PO-7.pdf');
      await res.arrayBuffer();
      expect(await callJson('/api/v1/invoice/nope/download')).to.deep.equal({
        status: 400,
        body: {message: 'Invalid invitation key'},
      });
    });
  });

  describe('search, reports and charts', () => {
    it('searches clients and invoices by name or number', async () => {
      const {body} = await callJson('/api/v1/search', {method: 'POST', body: {search: 'acme'}});
      expect(body.clients.map((c: {name: string}) => c.name)).to.deep.equal(['Acme Ltd']);
      expect(body).to.include.keys('client_contacts', 'invoices', 'settings');
    });

    it('answers working... for an e-mailed report, chart data for charts', async () => {
      expect(await callJson('/api/v1/reports/clients', {method: 'POST', body: {}})).to.deep.equal({status: 200, body: {message: 'working...'}});
      const chart = await callJson('/api/v1/charts/totals', {method: 'POST', body: {}});
      expect(chart.body.chart).to.equal('totals');
      expect(up.requests.map((r) => r.path)).to.deep.equal(['/api/v1/reports/clients', '/api/v1/charts/totals']);
    });

    it('answers a hash for send_email:false, then 409 on the preview until ready, then the result once', async () => {
      up.setReportDelay(1);
      const {body} = await callJson('/api/v1/reports/invoices', {method: 'POST', body: {send_email: false}});
      const preview = `/api/v1/reports/preview/${body.message}`;
      expect((await callJson(preview, {method: 'POST', body: {}})).status).to.equal(409);
      const ready = await fetch(`${up.url}${preview}`, {method: 'POST', headers: {'X-API-TOKEN': up.token, 'X-Requested-With': 'XMLHttpRequest'}});
      expect(ready.status).to.equal(200);
      expect(ready.headers.get('content-type')).to.match(/^text\/csv/);
      expect(await ready.text()).to.equal(REPORT_CSV);
      expect((await callJson(preview, {method: 'POST', body: {}})).status).to.equal(404);
    });
  });

  describe('faults', () => {
    it('answers an injected status for the matching requests only, then behaves normally', async () => {
      up.fault({kind: 'status', status: 429, method: 'get', path: '/api/v1/invoices', times: 2,
        headers: {'X-RateLimit-Remaining': '0'}});
      expect((await callJson('/api/v1/clients')).status).to.equal(200);
      expect((await callJson('/api/v1/invoices', {method: 'POST', body: {}})).status).to.equal(422);
      const limited = await call('/api/v1/invoices?page=2');
      expect(limited.status).to.equal(429);
      expect(limited.headers.get('x-ratelimit-remaining')).to.equal('0');
      expect(await limited.json()).to.deep.equal({message: 'Too many requests'});
      expect((await callJson('/api/v1/invoices/WJxbojagwO')).status).to.equal(429);
      expect((await callJson('/api/v1/invoices')).status).to.equal(200);
      expect(up.requests).to.have.length(5);
    });

    it('answers an injected body', async () => {
      up.fault({kind: 'status', status: 503, body: {error: 'down'}});
      expect(await callJson('/api/v1/ping')).to.deep.equal({status: 503, body: {error: 'down'}});
    });

    it('answers raw bytes', async () => {
      up.fault({kind: 'raw', status: 200, contentType: 'application/json', body: '{"data":'});
      const res = await call('/api/v1/ping');
      expect(await res.text()).to.equal('{"data":');
      const page = `<html>${'x'.repeat(5 * 1024 * 1024)}</html>`;
      up.fault({kind: 'raw', status: 500, contentType: 'text/html', body: page});
      const html = await call('/api/v1/ping');
      expect(html.status).to.equal(500);
      expect((await html.text()).length).to.equal(page.length);
    });

    it('hangs, and still records the request', async () => {
      up.fault({kind: 'hang'});
      let failure: unknown;
      await call('/api/v1/ping', {signal: AbortSignal.timeout(100)}).catch((error: unknown) => (failure = error));
      expect(failure).to.be.instanceOf(Error);
      expect(up.requests.map((r) => r.path)).to.deep.equal(['/api/v1/ping']);
    });

    it('drops the connection before answering', async () => {
      up.fault({kind: 'drop'});
      let failure: unknown;
      await call('/api/v1/ping').catch((error: unknown) => (failure = error));
      expect(failure).to.be.instanceOf(TypeError);
    });

    it('drops the connection in the middle of the body', async () => {
      up.fault({kind: 'dropMidBody'});
      const res = await call('/api/v1/invoices');
      expect(res.status).to.equal(200);
      let failure: unknown;
      await res.text().catch((error: unknown) => (failure = error));
      expect(failure).to.be.instanceOf(Error);
    });

    it('delays an otherwise normal answer', async () => {
      up.fault({kind: 'delay', ms: 80});
      const started = Date.now();
      const res = await callJson('/api/v1/ping');
      expect(Date.now() - started).to.be.at.least(75);
      expect(res.body.company_name).to.equal('Stand-in Co');
    });

    it('close() ends hanging requests', async () => {
      const other = await startUpstream({token: 'other'});
      other.fault({kind: 'hang'});
      const pending = fetch(`${other.url}/api/v1/ping`, {headers: {'X-API-TOKEN': 'other'}}).then(
        () => 'answered',
        () => 'failed',
      );
      while (other.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      await other.close();
      expect(await pending).to.equal('failed');
    });
  });

  describe('the route table of the real server (FACTS.md, "The server as it really is")', () => {
    const catchAll = {status: 404, body: {message: CATCH_ALL_MESSAGE}};

    it('GET actions exist for invoices, quotes, credits and purchase_orders only: elsewhere the catch-all 404, and nothing happens', async () => {
      up.seed('payments', [{id: 'P1', amount: 5}]);
      up.seed('recurring_invoices', [{id: 'R1', client_id: 'VolejRejNm'}]);
      expect(await callJson('/api/v1/payments/P1/archive')).to.deep.equal(catchAll);
      expect(await callJson('/api/v1/recurring_invoices/R1/start')).to.deep.equal(catchAll);
      expect(up.records('payments')[0].archived_at).to.equal(0);
      expect((await callJson('/api/v1/quotes/Xy9kqR2mLb/email')).status).to.equal(200);
      expect(up.outbox()).to.deep.equal([{segment: 'quotes', id: 'Xy9kqR2mLb', action: 'email'}]);
    });

    it('routes the document lists but the server lacks: DELETE /users/{id}, GET /users/{id}/edit, the recurring invoice download', async () => {
      const password = {'X-API-PASSWORD': 'secret-pass'};
      expect(await callJson('/api/v1/users/U1', {method: 'DELETE', headers: password})).to.deep.equal(catchAll);
      expect(await callJson('/api/v1/users/U1/edit', {headers: password})).to.deep.equal(catchAll);
      expect(await callJson('/api/v1/recurring_invoice/k1/download')).to.deep.equal(catchAll);
    });

    it('routes the server has beyond the document: POST /tax_rates, documents as a resource with a download', async () => {
      const created = await callJson('/api/v1/tax_rates', {method: 'POST', body: {name: 'VAT', rate: 20}});
      expect(created.status).to.equal(200);
      expect(created.body.data).to.include({name: 'VAT', rate: 20});
      expect((await callJson('/api/v1/documents/Dk3mZ7pQx1')).body.data.name).to.equal('receipt.png');
      const file = await call('/api/v1/documents/Dk3mZ7pQx1/download');
      expect(file.headers.get('content-type')).to.equal('image/png');
      expect(file.headers.get('content-disposition')).to.equal('attachment; filename="receipt.png"');
      expect(await callJson('/api/v1/documents', {method: 'POST', body: {}})).to.deep.equal(catchAll);
    });

    it('an unknown id is a 400 naming the model; an unknown collection is the catch-all', async () => {
      expect(await callJson('/api/v1/tax_rates/nope')).to.deep.equal({status: 400, body: {message: 'No query results for model [App\\Models\\TaxRate].'}});
      expect(await callJson('/api/v1/widgets')).to.deep.equal(catchAll);
    });

    it('a PUT replaces a list whole; contacts sent without an id get a new one', async () => {
      await callJson('/api/v1/clients/VolejRejNm', {method: 'PUT', body: {contacts: [{email: 'new@acme.test'}]}});
      const contacts = up.records('clients')[0].contacts as Array<Record<string, unknown>>;
      expect(contacts).to.have.length(1);
      expect(contacts[0].email).to.equal('new@acme.test');
      expect(contacts[0].id).to.be.a('string').and.not.equal('Wpmbk5ezJn');
      await callJson('/api/v1/invoices/WJxbojagwO', {method: 'PUT', body: {line_items: []}});
      expect(up.records('invoices')[0].line_items).to.deep.equal([]);
    });

    it('bulk download answers the PDF of one id; clone_to_invoice makes an invoice', async () => {
      const pdf = await call('/api/v1/invoices/bulk', {method: 'POST', body: {action: 'download', ids: ['WJxbojagwO']}});
      expect(pdf.headers.get('content-type')).to.equal('application/pdf');
      await callJson('/api/v1/quotes/Xy9kqR2mLb/clone_to_invoice');
      expect(up.records('invoices')).to.have.length(2);
    });
  });

  describe('reset()', () => {
    it('clears requests and faults and restores the seed data', async () => {
      up.seed('clients', []);
      await call('/api/v1/clients', {method: 'POST', body: {name: 'New'}});
      up.fault({kind: 'status', status: 500});
      up.reset();
      expect(up.requests).to.have.length(0);
      expect(up.records('clients').map((c) => c.name)).to.deep.equal(['Acme Ltd', 'Globex Corporation']);
      expect((await callJson('/api/v1/ping')).status).to.equal(200);
    });
  });
});
