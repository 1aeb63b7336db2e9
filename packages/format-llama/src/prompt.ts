/**
 * System prompts worded as the Llama docs and chat templates word them: models follow their
 * training text best.
 */

import type { PromptBuilder } from '@toolformat/core/kit';
import { normalizeTools, openAiToolShape, tojson, tojsonIndented, withPreamble } from '@toolformat/core/kit';

/** Llama 3.1 / 3.3 HF template (`llama3.1.jinja`): JSON with `parameters`. */
export const llamaJsonPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    'Given the following functions, please respond with a JSON for a function call with its proper arguments that best answers the given prompt.\n\n' +
      'Respond in the format {"name": function name, "parameters": dictionary of argument name and its value}.' +
      'Do not use variables.\n\n' +
      normalizeTools(tools)
        .map((t) => `${tojsonIndented(openAiToolShape(t))}\n\n`)
        .join(''),
  );

/** Llama 3.2 / 4 docs (`llama3_2/text_prompt_format.md`, `llama4/prompt_format.md`): a pythonic list. */
export const pythonicPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    'You are an expert in composing functions. You are given a question and a set of possible functions.\n' +
      'Based on the question, you will need to make one or more function/tool calls to achieve the purpose.\n' +
      'If none of the functions can be used, point it out. If the given question lacks the parameters required by the function, also point it out.\n\n' +
      'If you decide to invoke any of the function(s), you MUST put it in the format of [func_name1(params_name1=params_value1, params_name2=params_value2...), func_name2(params)]\n' +
      'You SHOULD NOT include any other text in the response if you call a function.\n\n' +
      'Here is a list of functions in JSON format that you can invoke.\n\n' +
      tojsonIndented(normalizeTools(tools).map((t) => openAiToolShape(t).function)),
  );

/** Llama 3.1 doc's zero-shot custom format, Functionary v3.1: `<function=NAME>{json}</function>`. */
export const functionTagPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    'You have access to the following functions:\n\n' +
      normalizeTools(tools)
        .map(
          (t) =>
            `Use the function '${t.name}' to '${t.description ?? ''}'\n${tojson(openAiToolShape(t).function)}\n\n`,
        )
        .join('') +
      'If you choose to call a function ONLY reply in the following format with no prefix or suffix:\n\n' +
      '<function=example_function_name>{"example_name": "example_value"}</function>\n\n' +
      'Reminder:\n- Function calls MUST follow the specified format, start with <function= and end with </function>\n' +
      '- Required parameters MUST be specified\n- Put the entire function call reply on one line\n',
  );

/** Functionary v3.2: tools as a TypeScript namespace, each message starts with `>>>recipient`. */
export const functionaryPrompt: PromptBuilder = (tools, opts) =>
  withPreamble(
    opts,
    'You are capable of executing available function(s) if required.\n' +
      'Only execute function(s) when absolutely necessary.\n' +
      'Ask for the required input to:recipient==all\nUse JSON for function arguments.\n' +
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the template's literal text.
      'Respond in this format:\n>>>${recipient}\n${content}\nAvailable functions:\n' +
      '// Supported function definitions that should be called when necessary.\nnamespace functions {\n\n' +
      normalizeTools(tools)
        .map(
          (t) => `// ${t.description ?? ''}\ntype ${t.name} = (_: ${tojson(t.parameters ?? {})}) => any;\n\n`,
        )
        .join('') +
      '} // namespace functions',
  );
