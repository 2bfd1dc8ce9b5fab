/**
 * The commands of the change pipeline: plan show, apply, history, undo (their stages: ../../pipeline/), and their
 * in-process calls (the MCP server's). The package's `./changes` entry: evaluated only when one of them is used.
 */
export {default as Apply} from './apply.js'
export {default as History} from './history.js'
export {default as PlanShow} from './plan-show.js'
export {default as Undo} from './undo.js'
export {applyPlan, changeCommand, history, planChange, planUndo} from './in-process.js'
