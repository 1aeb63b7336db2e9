/**
 * `rescueCompletion`: a non-streaming Chat Completion whose message holds calls in its content
 * (and no native `tool_calls`) comes back with real `tool_calls`, cleaned content and the
 * reasoning apart. Native calls and ordinary answers come back as the same object.
 */
import type { ParseIssue, RescueOptions, Router } from '@toolformat/core';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import { openAIToolCall } from './tool-call.js';

export interface RescueCompletionOptions extends RescueOptions {
  router: Router;
  /** Receives each parse issue (a repaired or dropped call, an unknown tool), for logs and metrics. */
  onIssue?: (issue: ParseIssue) => void;
}

export function rescueCompletion<T extends ChatCompletion>(
  completion: T,
  options: RescueCompletionOptions,
): T {
  const { router, onIssue, ...rescue } = options;
  const opts: RescueOptions = {
    ...rescue,
    ...(rescue.model === undefined && rescue.format === undefined ? { model: completion.model } : {}),
  };
  let changed = false;
  const choices = completion.choices.map((choice) => {
    const message = choice.message;
    if ((message.tool_calls?.length ?? 0) > 0 || typeof message.content !== 'string') return choice;
    const parsed = router.rescue(message.content, opts);
    if (onIssue) for (const issue of parsed.issues) onIssue(issue);
    if (parsed.calls.length === 0 && parsed.reasoning === null && parsed.content === message.content)
      return choice;
    changed = true;
    const prior = (message as { reasoning_content?: unknown }).reasoning_content;
    const reasoning =
      parsed.reasoning === null
        ? prior
        : typeof prior === 'string'
          ? prior + parsed.reasoning
          : parsed.reasoning;
    return {
      ...choice,
      message: {
        ...message,
        content: parsed.content,
        ...(reasoning !== undefined ? { reasoning_content: reasoning } : {}),
        ...(parsed.calls.length > 0 ? { tool_calls: parsed.calls.map(openAIToolCall) } : {}),
      },
      finish_reason: parsed.calls.length > 0 ? ('tool_calls' as const) : choice.finish_reason,
    };
  });
  return changed ? { ...completion, choices } : completion;
}
