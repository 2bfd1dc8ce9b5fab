/**
 * Global flags before the command (`cli --profile work clients list`): moved after the command's words, where every
 * command reads them, before oclif or the fast path looks for the command. Only the flags every command that talks
 * to a server has (--profile, --base-url, --output and -o), each with its value; anything else stays where it is, and
 * a command that lacks the flag says so as it would with the flag after it.
 */

const WITH_VALUE = new Set(['--profile', '--base-url', '--output', '-o'])
const JOINED = /^(?:--(?:profile|base-url|output)=.+|-o[^-].*)$/

/** The argv with its leading global flags moved after the command's words (before a `--`, if any). */
export function globalFlagsLast(argv: readonly string[]): string[] {
  const moved: string[] = []
  let i = 0
  while (i < argv.length) {
    if (WITH_VALUE.has(argv[i]) && i + 1 < argv.length && !argv[i + 1].startsWith('-')) {
      moved.push(argv[i], argv[i + 1])
      i += 2
    } else if (JOINED.test(argv[i])) {
      moved.push(argv[i])
      i += 1
    } else break
  }
  const rest = argv.slice(i)
  // Nothing moved, or nothing to move them after (`cli --output json` alone): as given.
  if (moved.length === 0 || rest.length === 0 || rest[0].startsWith('-')) return [...argv]
  const end = rest.indexOf('--')
  return end === -1 ? [...rest, ...moved] : [...rest.slice(0, end), ...moved, ...rest.slice(end)]
}
