#!/usr/bin/env node
import {execute, settings} from '@oclif/core'

// Plugins (linked ones too) run their compiled JavaScript: no on-the-fly TypeScript, and no
// warning on every command about not doing it.
settings.enableAutoTranspile = false

await execute({dir: import.meta.url})
