/** The commands of the change pipeline: plan show, apply, history, undo (their stages: ../../pipeline/). */
export {default as Apply} from './apply.js'
export {default as History} from './history.js'
export {default as PlanShow} from './plan-show.js'
export {default as Undo} from './undo.js'
