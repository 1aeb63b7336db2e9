/**
 * The production trace of an agent’s leaked-call report (a design seed, not part of this repository), byte for byte:
 * two assistant messages that leaked calls as text and failed the turn, and the tools of that agent.
 */
export const SEED_000_FIRST =
  '\n\n<tool_call>\n{"name": "agent__batch", "arguments": {"calls": [{"id": "1", "tool": "bigquery__execute_sql", "parameters": {"sql": "SELECT MAX(bd_data_ingested_at) AS last_ingested_at, TIMESTAMP_DIFF(CURRENT_TIMESTAMP(), MAX(bd_data_ingested_at), MINUTE) AS age_minutes, \'watch_towers.spaces_latest\' AS source_table FROM `netdata-analytics-bi.watch_towers.spaces_latest`"}, {"id": "2", "tool": "bigquery__execute_sql", "parameters": {"sql": "SELECT COUNT(*) AS new_users FROM `netdata-analytics-bi.app_db_replication.account_accounts_latest` WHERE created_at >= TIMESTAMP_SUB(CURRENT_TIMESTAMP(), INTERVAL 7 DAY)"}}]} }\n</tool_call>';

export const SEED_000_SECOND =
  '\n\n<tools>\n{"name": "bigquery__execute_sql", "arguments": {"sql": "SELECT MAX(bd_data_ingested_at) AS last_ingested_at, TIMESTAMP_DIFF(CURRENT_TIMESTAMP(), MAX(bd_data_ingested_at), MINUTE) AS age_minutes, \'watch_towers.spaces_latest\' AS source_table FROM `netdata-analytics-bi.watch_towers.spaces_latest`"}}\n</tools>\n\n<tools>\n{"name": "bigquery__execute_sql", "arguments": {"sql": "SELECT COUNT(*) AS new_users FROM `netdata-analytics-bi.app_db_replication.account_accounts_latest` WHERE created_at >= TIMESTAMP_SUB(CURRENT_TIMESTAMP(), INTERVAL 7 DAY)"}}\n</tools>';

export const SEED_000_TOOLS = [
  {
    type: 'function' as const,
    function: {
      name: 'bigquery__execute_sql',
      description: 'Run a SQL query on BigQuery.',
      parameters: { type: 'object', properties: { sql: { type: 'string' } }, required: ['sql'] },
    },
  },
  {
    type: 'function' as const,
    function: {
      name: 'agent__batch',
      description: 'Run several tool calls.',
      parameters: { type: 'object', properties: { calls: { type: 'array' } }, required: ['calls'] },
    },
  },
];

/** Seed 001: a model showing the call syntax instead of calling (the `{...}` is literal). */
export const SEED_001_EXAMPLE =
  '**TOOL CALL:**\n```tool_call\n{"name": "create_boat", "arguments": {...}}\n```';
