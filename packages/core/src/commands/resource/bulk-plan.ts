/**
 * `<family> bulk --action A`: the records by --id, or selected by a list query (--filter, --status, as `list` takes
 * them and checks them: an unknown filter would select every record). Without --all the selection must fit the
 * first page the server answers (20 records); --all reads every page. Actions that answer a file take --id only.
 */
import {Flags} from '@oclif/core'

import type {Plan} from '../base-command.js'
import {usageError} from '../../errors.js'
import {fieldsObject} from '../../input/payload.js'
import {answerPage, answersRecords, batches, type Selection, uniqueIds} from '../../plan/bulk.js'
import {bulkRequest, checkAction, checkBulkExtra, listRequest} from '../../plan/routes.js'
import {summaryFor} from '../../plan/summary.js'
import {ALL_PER_PAGE} from '../../http/paging-rules.js'
import {FILE_ACTIONS} from '../../registry/file-kinds.js'
import {actionWords} from '../../registry/operations/summaries.js'
import type {Family} from '../../registry/types.js'
import {actionPlan, refuseOutputFile} from './action-plan.js'
import {filtersWithIds, type RecordIdOf} from './filter-keys.js'
import {checkFilters} from './list-filters.js'
import {listFilters} from '../../registry/server/facts.js'
import {relationsOf, withRelations} from './printed-columns.js'
import {RECORD_STATES, withStatusFilter} from './status-filter.js'

/** The list flags that select records for a bulk action. */
export const bulkSelectFlags = {
  filter: Flags.string({
    multiple: true,
    summary: 'Select the records by a server filter as name=value (repeatable), as `list` takes them; instead of --id.',
  }),
  status: Flags.string({
    summary:
      'Select the records in these states, comma-separated: active, archived, deleted (without it, a --filter ' +
      'selects active records only).',
    completion: {options: async () => [...RECORD_STATES]},
  }),
  all: Flags.boolean({
    summary:
      'Act on every record the filters select, page after page (without it, a selection larger than one page ' +
      'of 20 is refused).',
  }),
}

/**
 * The list request that selects the records: the filters, a stable order, the names the dry run shows. The server's
 * lists hold archived and deleted records unless `status` says otherwise, so without --status (or a status filter)
 * the selection is the active records: a bulk e-mail never reaches a deleted invoice's customer by default.
 */
function selection(f: Family, filters: string[], all: boolean): Selection {
  const include = withRelations(undefined, relationsOf(f, ['client.display_name', 'vendor.display_name']))
  const activeByDefault = listFilters(f.word).has('status') && !filters.some((x) => x.startsWith('status='))
  const chosen = activeByDefault ? [...filters, 'status=active'] : filters
  const perPage = all ? ALL_PER_PAGE : undefined
  return {request: listRequest(f, {sort: 'id|asc', filters: chosen, include, perPage}), all, activeByDefault}
}

/**
 * `recordId`: the id a value stands for (a number, a name: looked up once everything else is checked), for each --id
 * and for a filter that takes a record's id (filter-keys.ts).
 */
export async function bulkPlan(
  f: Family,
  action: string,
  flags: Record<string, unknown>,
  recordId: RecordIdOf,
): Promise<Plan> {
  const recordIds = async (given: string[]) => {
    const ids: string[] = []
    for (const id of given) ids.push(await recordId(id, f, '--id'))
    return ids
  }
  const given = flags.id as string[] | undefined
  const status = flags.status as string | undefined
  const selecting = flags.filter !== undefined || status !== undefined
  if (given && selecting)
    throw usageError('--id and --filter/--status both choose the records: give the ids, or the filters, not both')
  if (!given && !selecting)
    throw usageError(
      `${f.word} bulk needs the records: --id ID (repeatable), or --filter NAME=VALUE / --status to select them`,
    )
  if (flags.all && !selecting) throw usageError('--all reads every page a --filter selects: give --filter or --status')
  const extra = fieldsObject((flags.field as string[] | undefined) ?? [])
  checkAction(action)
  checkBulkExtra(extra)
  if (Object.hasOwn(FILE_ACTIONS, action)) {
    if (!given) throw usageError(`--action ${action} answers a file: give the records with --id`)
    const ids = await recordIds(given)
    const request = bulkRequest(f, action, ids, extra)
    return actionPlan({request}, action, ids.length > 1 ? 'several' : 'one', flags)
  }
  refuseOutputFile(action, flags['output-file'])
  const ids = given ? await recordIds(given) : undefined
  const requests = (list: readonly string[]) =>
    batches(list).map((batch) => bulkRequest(f, action, batch, extra, answerPage(batch)))
  if (ids) requests(uniqueIds(ids)) // the ids and --field checked now: nothing sent on a usage error
  let chosen: Selection | undefined
  if (selecting) {
    const filters = withStatusFilter(status, flags.filter as string[] | undefined, f.word)
    checkFilters(f.word, filters, status !== undefined, 'bulk')
    requests(['0']) // --field checked now, before any request
    chosen = selection(f, await filtersWithIds(f.word, filters, recordId), Boolean(flags.all))
  }
  return {
    kind: 'bulk',
    ids,
    selection: chosen,
    requests,
    checked: answersRecords(action),
    noun: f.noun,
    word: f.word.replaceAll('-', ' '),
    summary: summaryFor(f, actionWords(action)),
  }
}
