import type {Hook} from '@oclif/core'

/** Examples for the bundled oclif commands that ship none, so that every command's help has one. */
export const EXTRA_EXAMPLES: Readonly<Record<string, string[]>> = {
  'plugins:reset': ['<%= config.bin %> plugins reset', '<%= config.bin %> plugins reset --reinstall'],
  'plugins:update': ['<%= config.bin %> plugins update'],
}

const hook: Hook.Init = async function ({config}) {
  for (const [id, examples] of Object.entries(EXTRA_EXAMPLES)) {
    const command = config.findCommand(id)
    if (command && !command.examples?.length) command.examples = examples
  }
}

export default hook
