/**
 * A new plugin's files (`cli plugins new`): package.json, tsconfig.json, the three commands and their test
 * (skeleton-commands.ts), a README and a .gitignore, as [path, text] pairs. Pure: the command writes them.
 */
import {changeCommand, commandsTest, readCommand, runnerCommand} from './skeleton-commands.js'

export interface SkeletonOptions {
  /** The plugin's topic: its commands are `cli <name> run`, ... */
  name: string
  /** The version of the core this CLI holds: the plugin's peer dependency is its caret range. */
  coreVersion: string
  /** The CLI's own copy of the core, which `npm pack` makes the tarball of. */
  coreDir: string
}

/** The npm package name of the plugin for topic `name`. */
export const packageName = (name: string): string => `invoicing-cli-plugin-${name}`

/** The tarball `npm pack` makes of the core. */
export const coreTarball = (coreVersion: string): string => `invoicing-cli-core-${coreVersion}.tgz`

export function skeletonFiles(o: SkeletonOptions): Array<[path: string, text: string]> {
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`
  return [
    [
      'package.json',
      json({
        name: packageName(o.name),
        version: '0.1.0',
        description: `${o.name}: our own commands for invoicing-cli`,
        type: 'module',
        private: true,
        files: ['dist'],
        scripts: {build: 'tsc', test: 'node --test test/'},
        // The CLI brings the core: a peer dependency, met by the copy the CLI holds (cli plugins install does so).
        peerDependencies: {'@invoicing-cli/core': `^${o.coreVersion}`},
        oclif: {
          commands: './dist/commands',
          topicSeparator: ' ',
          topics: {[o.name]: {description: `${o.name}: our own commands`}},
        },
        // Its commands use only the core: they start as fast as the CLI's own (docs/plugins.md).
        'invoicing-cli': {fastPath: true},
      }),
    ],
    [
      'tsconfig.json',
      json({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          skipLibCheck: true,
          types: [],
          rootDir: 'src',
          outDir: 'dist',
        },
        include: ['src'],
      }),
    ],
    [`src/commands/${o.name}/run.ts`, runnerCommand(o.name)],
    [`src/commands/${o.name}/invoices.ts`, readCommand(o.name)],
    [`src/commands/${o.name}/note.ts`, changeCommand(o.name)],
    ['test/commands.test.js', commandsTest(o.name)],
    ['.gitignore', 'node_modules/\ndist/\n*.tgz\n'],
    ['README.md', readme(o)],
  ]
}

/** The steps from here to the commands running, which `cli plugins new` also prints. */
export const nextSteps = (o: SkeletonOptions, dir: string): string[] => [
  `cd ${dir}`,
  `npm pack ${o.coreDir}   # the core this cli runs, as ${coreTarball(o.coreVersion)}`,
  `npm install --save-dev typescript ./${coreTarball(o.coreVersion)}`,
  'npm run build',
  'cli plugins link .',
  `cli ${o.name} note --help`,
  'npm test',
]

const readme = (o: SkeletonOptions): string => `# ${packageName(o.name)}

Our own commands for invoicing-cli (\`cli\`), made with \`cli plugins new ${o.name}\`:

- \`cli ${o.name} run\`: a runner (GET /api/v1/health_check, or any \`--endpoint\`);
- \`cli ${o.name} invoices CLIENT\`: a read, a client's invoices (the client by id, number, name or e-mail; \`--all\`,
  \`--limit\`, \`--filter\`);
- \`cli ${o.name} note CLIENT TEXT\`: a change, a client's private notes (refused without \`--yes\`; \`--dry-run\`
  prints the request).

## Build, link, test

\`\`\`sh
${nextSteps(o, '.').slice(1).join('\n')}
\`\`\`

\`@invoicing-cli/core\` is a peer dependency: at run time the plugin gets the core \`cli\` has loaded, whichever copy is
installed here (this one is for the compiler and the editor). \`tsc --watch\` while you work: \`cli\` runs the
compiled JavaScript in \`dist/\`. The test runs the commands through \`cli\` against a stand-in on 127.0.0.1
(\`CLI=/path/to/cli npm test\` for another \`cli\`).

## Share it

\`npm pack\`, then everyone runs \`cli plugins install file:$PWD/${packageName(o.name)}-0.1.0.tgz\` (or publish it to
your registry and \`cli plugins install ${packageName(o.name)}\`). Writing more commands: docs/plugins.md of
invoicing-cli.
`
