/**
 * Flag-value completion for bash and PowerShell, appended to the scripts oclif's autocomplete
 * plugin writes (it completes commands and flag names there, never values). Each wraps the
 * plugin's completer: when the word before the cursor is a flag with known values, those are
 * offered; otherwise the plugin's completer runs.
 */
import {bashCompleterName} from '../oclif-adapter.js'
import type {FlagValues} from './values.js'

/**
 * A flag whose values are the same on every command that has it needs no per-command entries;
 * one that offers other values, or none, somewhere (--status) is looked up per command.
 */
interface Arms {
  /** `invoices:bulk --action` → values */
  byCommand: Map<string, string[]>
  /** `--output` → values, whatever the command */
  byFlag: Map<string, string[]>
}

export function groupValues(table: readonly FlagValues[]): Arms {
  const seen = new Map<string, Set<string>>()
  for (const {names, values} of table)
    for (const name of names) (seen.get(name) ?? seen.set(name, new Set()).get(name)!).add(values.join(' '))
  const byCommand = new Map<string, string[]>()
  const byFlag = new Map<string, string[]>()
  for (const {id, names, values} of table) {
    if (!values.length) continue
    for (const name of names) {
      if (seen.get(name)!.size === 1) byFlag.set(name, values)
      else byCommand.set(`${id} ${name}`, values)
    }
  }
  return {byCommand, byFlag}
}

const shellWord = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`

/**
 * Where a running shell learns that the scripts were written again (a plugin linked, installed or removed): the
 * generation the script was written as, and the file that holds the latest one and the script to load then.
 */
export interface Reload {
  generation: string
  stamp: string
  script: string
}

/**
 * Bash: a case arm per set of values, then `complete -F` pointing at the wrapper. With `reload`, a shell whose
 * script is older than the latest loads it again before completing, so new commands complete without a new shell.
 */
export function bashValues(bin: string, table: readonly FlagValues[], reload?: Reload): string {
  const {byCommand, byFlag} = groupValues(table)
  const arms = new Map<string, string[]>()
  const addArm = (pattern: string, values: string[]) => {
    const key = values.join(' ')
    ;(arms.get(key) ?? arms.set(key, []).get(key)!).push(pattern)
  }
  for (const [key, values] of byCommand) addArm(`"${key}"`, values)
  for (const [name, values] of byFlag) addArm(`*" ${name}"`, values)
  const caseArms = [...arms].map(([values, patterns]) => `    ${patterns.join('|')}) values=${shellWord(values)} ;;`)
  return (
    `
# ${bin}: values of flags (--action, --output, ...); everything else is left to ${bashCompleterName(bin)}.
_${bin}_values_of()
{
  case "$1" in
${caseArms.join('\n')}
  esac
}
${reload ? bashReload(bin, reload) : ''}_${bin}_flag_values()
{
  local cur="\${COMP_WORDS[COMP_CWORD]}" flag="" id="" values="" word i
${reload ? reloadFirst(bin) : ''}  (( COMP_CWORD > 0 )) && flag="\${COMP_WORDS[COMP_CWORD-1]}"
  # bash splits --output=json at the "=": complete what follows it.
  if [[ "$cur" == "=" ]]; then cur=""; elif [[ "$flag" == "=" && COMP_CWORD -ge 2 ]]; then ` +
    `flag="\${COMP_WORDS[COMP_CWORD-2]}"; fi
  if [[ "$flag" == -* ]]; then
    for (( i = 1; i < COMP_CWORD; i++ )); do
      word="\${COMP_WORDS[i]}"
      [[ "$word" == -* ]] && break
      id="\${id:+$id:}$word"
    done
    # The words typed may end in arguments (a record id): drop them until a command matches.
    while [[ -n "$id" && -z "$values" ]]; do
      _${bin}_values_of "$id $flag"
      if [[ "$id" == *:* ]]; then id="\${id%:*}"; else id=""; fi
    done
    if [[ -n "$values" ]]; then
      COMPREPLY=($(compgen -W "$values" -- "$cur"))
      return 0
    fi
  fi
  ${bashCompleterName(bin)}
}
complete -F _${bin}_flag_values ${bin}
`
  )
}

const reloadFirst = (bin: string): string => `  _${bin}_reload && { _${bin}_flag_values; return; }\n`

/** Loads the script again when the stamp says a newer one was written (read is a builtin: no process per TAB). */
const bashReload = (
  bin: string,
  {generation, stamp, script}: Reload,
): string => `_${bin}_generation=${shellWord(generation)}
_${bin}_reload()
{
  local latest=""
  { read -r latest < ${shellWord(stamp)}; } 2>/dev/null
  [[ -n "$latest" && "$latest" != "$_${bin}_generation" ]] || return 1
  source ${shellWord(script)}
  _${bin}_generation="$latest"
}
`

/**
 * zsh: the completer the file defines, wrapped; a shell that autoloaded an older file (a plugin linked, installed or
 * removed since) autoloads it again before completing.
 */
export const zshReload = (bin: string, {generation, stamp}: Omit<Reload, 'script'>): string => `
# ${bin}: a shell that loaded an older completion loads this file again (a plugin linked, installed or removed since).
zmodload zsh/parameter
functions[_${bin}_written]=$functions[_${bin}]
_${bin}() {
  local latest=""
  { read -r latest < ${shellWord(stamp)}; } 2>/dev/null
  if [[ -n "$latest" && "$latest" != ${shellWord(generation)} ]]; then
    unfunction _${bin}
    autoload -Uz _${bin}
    _${bin} "$@"
    return
  fi
  _${bin}_written "$@"
}
`

const psString = (text: string): string => `'${text.replaceAll("'", "''")}'`
const psTable = (entries: Map<string, string[]>): string =>
  [...entries].map(([key, values]) => `  ${psString(key)} = @(${values.map((v) => psString(v)).join(', ')})`).join('\n')

/** PowerShell: look the flag up, else hand over to the plugin's $scriptblock. */
export function powershellValues(bin: string, table: readonly FlagValues[]): string {
  const {byCommand, byFlag} = groupValues(table)
  return `
# ${bin}: values of flags (--action, --output, ...); everything else is left to the completer above.
$${bin}ValuesByCommand = @{
${psTable(byCommand)}
}
$${bin}ValuesByFlag = @{
${psTable(byFlag)}
}
$${bin}Completer = $scriptblock
$${bin}ValuesCompleter = {
  param($WordToComplete, $CommandAst, $CursorPosition)
  $Words = @($CommandAst.CommandElements | Select-Object -Skip 1 | ForEach-Object { $_.Extent.Text })
  if ($WordToComplete -ne '' -and $Words.Count -gt 0) { $Words = @($Words | Select-Object -SkipLast 1) }
  if ($Words.Count -gt 0 -and $Words[-1] -like '-*') {
    $Flag = $Words[-1]
    $Id = @()
    foreach ($Word in $Words) { if ($Word -like '-*') { break }; $Id += $Word }
    $Values = $null
    # The words typed may end in arguments (a record id): drop them until a command matches.
    for ($n = $Id.Count; $n -gt 0 -and $null -eq $Values; $n--) {
      $Values = $${bin}ValuesByCommand[(($Id[0..($n - 1)] -join ':') + ' ' + $Flag)]
    }
    if ($null -eq $Values) { $Values = $${bin}ValuesByFlag[$Flag] }
    if ($null -ne $Values) {
      $Values | Where-Object { $_ -like "$WordToComplete*" } | ForEach-Object {
        [System.Management.Automation.CompletionResult]::new($_, $_, 'ParameterValue', $_)
      }
      return
    }
  }
  & $${bin}Completer $WordToComplete $CommandAst $CursorPosition
}.GetNewClosure()
Register-ArgumentCompleter -Native -CommandName ${bin} -ScriptBlock $${bin}ValuesCompleter
`
}
