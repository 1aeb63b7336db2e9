import { describe, expect, it } from 'vitest';
import * as root from './index.js';
import * as kit from './kit/index.js';
import * as toolLoop from './tool-loop.js';

// The root entry is the contract (architecture/contract.md, "Entry points"): what an application
// names. A value added here is a public API promise, so the list is pinned.
describe('@toolformat/core root entry', () => {
  it('exports the contract, the router and registry, and nothing of the engine', () => {
    expect(Object.keys(root).sort()).toEqual([
      'AUTO_ID',
      'FlatToolDefinitionSchema',
      'ISSUE_KINDS',
      'JsonSchemaSchema',
      'ModelRuleSchema',
      'ModelsConfigSchema',
      'OpenAIToolDefinitionSchema',
      'ParseIssueSchema',
      'ParseOptionsSchema',
      'ParseResultSchema',
      'Router',
      'ToolCallSchema',
      'ToolDefinitionSchema',
      'ToolFormatConfigError',
      'ToolResultSchema',
      'createAutoHandler',
      'createFormatContainer',
      'createRouter',
      'definePlugin',
      'foldEvents',
      'parseModelsConfig',
      'registerFormat',
      'registeredFormats',
      'routerFrom',
      'sequentialIds',
    ]);
  });

  it('leaves the building blocks to /kit and the agent loop to /tool-loop', () => {
    for (const name of ['normalizeTools', 'createToolIndex', 'EventFolder', 'defineFormat'])
      expect(Object.hasOwn(kit, name), name).toBe(true);
    for (const name of ['runToolLoop', 'streamToolLoop', 'ToolLoopError'])
      expect(Object.hasOwn(toolLoop, name), name).toBe(true);
  });
});
