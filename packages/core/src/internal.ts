/**
 * @invoicing-cli/core/internal: everything the CLI itself uses. Not for plugins: names here may
 * change in any release. A plugin imports the public entry, '@invoicing-cli/core' (index.ts).
 */
export * from './index.js'
export {
  BaseCommand,
  argvAsksForJson,
  reportError,
  silentExit,
  toCliError,
  type ChainPlan,
  type DownloadPlan,
  type EditPlan,
  type FlagValues,
  type ListPlan,
  type LocalPlan,
  type Plan,
  type PollPlan,
  type SendPlan,
  type SeriesPlan,
} from './commands/base-command.js'
export {colorEnabled, errorLabel, paint, stripEscapes, warningLabel, type Tone} from './output/color.js'
export {CliError, ExitCode, shown, usageError, type ExitCodeValue} from './errors.js'
export * as flags from './commands/flags.js'
export {
  FAMILIES,
  FILE_ACTIONS,
  GROUPS,
  MUTATING_VERBS,
  VERBS,
  family,
  supportedVerbs,
  type Family,
  type FileKind,
  type Group,
  type PackPart,
  type RecordList,
  type Verb,
} from './registry/registry.js'
export {
  API_PREFIX,
  apiPath,
  checkCommand,
  checkId,
  checkTransport,
  fullUrl,
  isLoopbackHost,
  normalizeBaseUrl,
  pathSegment,
  queryString,
  type Json,
  type Method,
  type MultipartPart,
  type RecordRef,
  type RequestSpec,
} from './plan/request.js'
export {
  LIST_FIELDS,
  ObjectBuilder,
  parseKeyPath,
  parseLineItem,
  parseNumber,
  parseScalar,
  splitAssignment,
  splitPairs,
} from './input/field-syntax.js'
export {
  GUIDED_FLAGS,
  buildGuided,
  decodeUtf8,
  buildPayload,
  readAllStdin,
  checkPayloadSources,
  fieldsObject,
  parseJsonObject,
  readRawSource,
  type PayloadInput,
} from './input/payload.js'
export {
  DEFAULT_PROFILE,
  PLACEHOLDER_BASE_URL,
  configFilePath,
  isReadableByOthers,
  loadConfig,
  pickProfile,
  profileName,
  requireSavedProfile,
  resolveSettings,
  saveConfig,
  tokenStoreOf,
  updateConfig,
  type ConfigFile,
  type Profile,
  type ProfileSource,
  type Settings,
} from './config/config.js'
export {
  agentMayApply,
  describePolicy,
  isEmptyPolicy,
  mcpMayApply,
  readPolicy,
  RULES,
  type Policy,
  type Rule,
} from './policy/policy.js'
export {changeNames, policyRefusal, rawAction, type PolicyChange, type Refusal} from './policy/evaluate.js'
export {parsePattern, patternMatches} from './policy/patterns.js'
export {changeAmount, movesMoney} from './policy/amounts.js'
export {enforceProfilePolicy, policyChanges, type PipelineChange} from './policy/enforce.js'
export {
  checkKeychain,
  deleteKeychainToken,
  forgetProfileToken,
  KEYCHAIN_SERVICE,
  saveKeychainToken,
} from './config/keychain.js'
export {REDACTED, requestHeaders, scrubSecrets, type Credentials} from './http/headers.js'
export {
  headerValue,
  HttpClient,
  isSuccess,
  keepConnections,
  parseJsonBody,
  type Connection,
  type HttpResponse,
} from './http/client.js'
export {DEFAULT_TIMEOUT_MS, netOptions, parseTimeoutSeconds, type NetOptions} from './http/net-options.js'
export {
  DEFAULT_RETRIES,
  MAX_RETRIES,
  backoffMs,
  parseRetryAfter,
  retryFor,
  type Outcome,
  type Retry,
} from './http/retry.js'
export {
  DEFAULT_CONCURRENCY,
  PAGE_CAP,
  RateLimitedError,
  asListPage,
  fetchPages,
  lastPageToFetch,
  mergedMeta,
  withPage,
  type ListPage,
  type PagedSummary,
  type PageProgress,
  type PagingOptions,
} from './http/paging.js'
export {collectSink, type ListSink} from './output/list-sinks.js'
export {stderrProgress, type Progress} from './output/progress.js'
export {checkOutputTarget, writeFileAtomically, writeFileHashed} from './output/output-file.js'
export {describeRequest} from './output/describe-request.js'
export {upstreamText} from './output/terminal.js'
export {stdoutFacts, writeFilesDirectly, writeThroughStdout} from './output/std-streams.js'
export {wrapWords} from './output/notes.js'
export {dataOf, recordsOf} from './output/records.js'
export {outputColumns} from './output/shape.js'
export {FORMATS, FORMAT_NAMES, formatOf, type OutputFormat} from './output/formats/index.js'
export {editDistance, nearest} from './suggest.js'
export {parseErrorMessage, type ParseContext, unknownFlagMessage} from './commands/parse-errors.js'
export {validateWritePayload} from './registry/schema/guard.js'
export {answerError, fieldErrorLines, upstreamError} from './http/upstream-error.js'
export {styleFor, renderTable, renderRecord} from './output/table.js'
export * as routes from './plan/routes.js'
export {routeOf, topicNotes} from './commands/resource/help.js'
export {resourceCommands, resourceTopics} from './commands/resource/commands.js'
export {hasTopic} from './commands/resource/lazy-table.js'
export {getActionOf, needsPassword} from './plan/raw-paths.js'
export {checkUploadFile, readProblem, UPLOAD_MAX_BYTES} from './input/local-files.js'
export {
  PAYLOAD_PREFIXES,
  RunnerCommand,
  allowedMethods,
  runnerChanges,
  isPayloadEndpoint,
  normalizeEndpoint,
  runnerFlags,
  runnerRequest,
  runnerTarget,
  type RunnerDefinition,
  type RunnerInput,
} from './commands/runner-command.js'
export {clientPaging, type PageFetch} from './http/page-fetch.js'
export {readStatics} from './http/statics.js'
export {saveDownload, type SavedFile} from './http/file-save.js'
export {ALL_PER_PAGE} from './http/paging-rules.js'
export {
  fieldTypes,
  keeperOf,
  listFilters,
  names,
  requiredFields,
  serverFacts,
  unchangingFields,
} from './registry/server/facts.js'
export {shownFilters} from './commands/resource/list-filters.js'
export {keyNames} from './plan/record-keys.js'
export {RECORD_STATES} from './commands/resource/status-filter.js'
export {csvWriter} from './output/formats/csv.js'
export {type Codes, isMoneyColumn} from './output/cells.js'
export {
  currencyId,
  readPrecisions,
  staticsCurrencies,
  type CurrencyBook,
  type StaticCurrency,
} from './output/currencies.js'
export {workbookBytes, type Sheet} from './output/workbook.js'
export {safeFileName} from './output/filename.js'
export {isIsoDate} from './input/dates.js'
export {trackTempFile, untrackTempFile} from './interrupt.js'
export {sha256} from './hashing.js'
// The change pipeline (docs/architecture.md, "The change pipeline"): saved plans, apply, the journal, undo.
export {type ChangeContext, type ChangeSource, commandWords} from './pipeline/change.js'
export {enforcePolicy, type PolicyInput, type PolicyRequest} from './pipeline/policy.js'
export {amountOf, policyRequest} from './pipeline/policy-input.js'
export {
  PLAN_FORMAT,
  planHash,
  readPlan,
  requestSpec,
  writePlan,
  type PlanTarget,
  type SavedPlan,
  type SavedRequest,
} from './pipeline/plan-file.js'
export {appliedPlan, checkNotApplied, checkPlanHome, checkPlanTargets} from './pipeline/apply.js'
export {
  journalEntries,
  journalPath,
  readJournal,
  stateDir,
  type JournalEntry,
  type JournalFilter,
  type Outcome as JournalOutcome,
} from './pipeline/journal.js'
export type {ChangeHooks} from './pipeline/hooks.js'
export {changedSince, findEntry, undoOf, type Undo as UndoChange} from './pipeline/undo.js'
// The change pipeline's commands and their in-process calls are `@invoicing-cli/core/changes`, not here: every
// importer of this module would evaluate them, where the CLI's table loads them only when one runs.
