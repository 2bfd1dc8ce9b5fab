/** The tools a selection offers, with their input schemas: what tools/list answers and `cli mcp tools` prints. */
import {inputSchema, type JsonSchema} from './schemas.js'
import {selectedTools, type Selection, type ToolAnnotations, type ToolName} from './tool-set.js'

export interface ToolDefinition {
  name: ToolName
  title: string
  description: string
  inputSchema: JsonSchema
  annotations: ToolAnnotations
}

/** The tools of this selection, with their schemas, as tools/list gives them. */
export const toolList = (s: Selection): ToolDefinition[] =>
  selectedTools(s).map((t) => ({
    name: t.name,
    title: t.annotations.title,
    description: t.description,
    inputSchema: inputSchema(t.name, s.families),
    annotations: t.annotations,
  }))
