/**
 * The playground page: wires the inputs to analyze(), and draws the result, the streaming replay
 * and the prompt. See architecture/playground.md.
 */
import './style.css';
import { AUTO_ID, type ToolCall, type ToolDefinition, type ToolFormatHandler } from '@toolformat/core';
import {
  type Analysis,
  analyze,
  MAX_INPUT_CHARS,
  type RouteChoice,
  resolveRoute,
  routeOptions,
} from './analysis.js';
import { byId, el, preText, row } from './dom.js';
import { accountedUpTo, type Span } from './event-spans.js';
import { examples, weatherToolsJson } from './examples.js';
import { playgroundRouter } from './formats.js';
import { replay } from './replay.js';
import { decodeState, encodeState, type SharedState } from './share-link.js';
import { tokenChunks } from './token-chunks.js';
import { readToolsJson } from './tools-input.js';

const router = playgroundRouter();
const input = byId<HTMLTextAreaElement>('input');
const toolsBox = byId<HTMLTextAreaElement>('tools');
const routeBy = byId<HTMLSelectElement>('route-by');
const formatSelect = byId<HTMLSelectElement>('format');
const modelInput = byId<HTMLInputElement>('model');
const exampleSelect = byId<HTMLSelectElement>('example');
const slider = byId<HTMLInputElement>('replay-slider');

let current: {
  analysis: Analysis;
  text: string;
  tools: ToolDefinition[] | undefined;
  chunks: string[];
} | null = null;

for (const id of router.ids().filter((id) => id !== AUTO_ID))
  formatSelect.append(el('option', { value: id }, id));
for (const [i, example] of examples.entries())
  exampleSelect.append(el('option', { value: String(i) }, `${example.family} (${example.model})`));

function choice(): RouteChoice {
  if (routeBy.value === 'format') return { by: 'format', format: formatSelect.value };
  if (routeBy.value === 'model' && modelInput.value.trim() !== '')
    return { by: 'model', model: modelInput.value.trim() };
  return { by: 'auto' };
}

function refresh(): void {
  formatSelect.hidden = routeBy.value !== 'format';
  modelInput.hidden = routeBy.value !== 'model';
  const { tools, error } = readToolsJson(toolsBox.value);
  byId('tools-error').textContent = error ?? '';
  const text = input.value;
  let analysis: Analysis;
  try {
    analysis = analyze({ text, choice: choice(), ...(tools ? { tools } : {}) }, router);
  } catch (e) {
    byId('route').textContent = `Error: ${(e as Error).message}`;
    return;
  }
  const shown = analysis.truncated ? text.slice(0, MAX_INPUT_CHARS) : text;
  current = { analysis, text: shown, tools, chunks: tokenChunks(shown) };
  drawRoute(analysis);
  drawSpans(shown, analysis.spans);
  drawResult(analysis);
  drawDetect(analysis);
  drawPrompt(analysis, tools);
  slider.max = String(current.chunks.length);
  slider.value = '0';
  drawReplay(0);
}

function drawRoute(a: Analysis): void {
  const box = byId('route');
  const matched = a.result.format ?? 'none (no call found)';
  box.replaceChildren(
    el(
      'div',
      {},
      'Route: ',
      el('strong', { 'data-testid': 'route-handler' }, a.route.handlerId),
      ` (${a.route.source})`,
    ),
    el('div', { class: 'note', 'data-testid': 'route-why' }, a.route.why),
    el('div', {}, 'Matched: ', el('strong', { 'data-testid': 'matched-format' }, matched)),
    el(
      'div',
      { class: 'note' },
      a.streamMatches
        ? 'Streaming one character at a time gives the same result.'
        : 'Streaming one character at a time gives a different result (please report it).',
    ),
    ...(a.truncated
      ? [el('div', { class: 'error' }, `Only the first ${MAX_INPUT_CHARS} characters are read.`)]
      : []),
  );
}

const KIND_TITLES: Record<Span['kind'], string> = {
  text: 'content: shown to the user',
  reasoning: 'reasoning: goes to the reasoning field',
  call: 'call',
  rejected: 'rejected block: looked like a call, did not become one',
  scaffolding: 'stripped scaffolding: markup the format removes',
};

function drawSpans(text: string, spans: readonly Span[]): void {
  const pre = byId('spans');
  const nodes: Node[] = [];
  let at = 0;
  for (const span of spans) {
    if (span.start > at) nodes.push(document.createTextNode(text.slice(at, span.start)));
    const attrs: Record<string, string> = { class: `k-${span.kind}`, 'data-kind': span.kind };
    let title = KIND_TITLES[span.kind];
    if (span.calls) {
      attrs['data-calls'] = span.calls.join(' ');
      title = `call ${span.calls.map((c) => `#${c + 1}`).join(', ')}`;
    }
    if (span.issue !== undefined) attrs['data-issue'] = String(span.issue);
    attrs.title = title;
    nodes.push(el('mark', attrs, text.slice(span.start, span.end)));
    at = span.end;
  }
  if (at < text.length) nodes.push(document.createTextNode(text.slice(at)));
  pre.replaceChildren(...nodes);
}

/** Clicking a span marks what it became; clicking a call or issue row marks its span. */
function linkTargets(mark: HTMLElement): HTMLElement[] {
  const kind = mark.dataset.kind;
  if (kind === 'call')
    return (mark.dataset.calls ?? '')
      .split(' ')
      .flatMap((i) => [...document.querySelectorAll<HTMLElement>(`#calls tr[data-call="${i}"]`)]);
  if (kind === 'rejected')
    return [...document.querySelectorAll<HTMLElement>(`#issues tr[data-issue="${mark.dataset.issue}"]`)];
  if (kind === 'text') return [byId('content')];
  if (kind === 'reasoning') return [byId('reasoning')];
  return [];
}

function highlight(targets: HTMLElement[]): void {
  for (const old of document.querySelectorAll('.linked')) old.classList.remove('linked');
  for (const t of targets) t.classList.add('linked');
  targets[0]?.scrollIntoView({ block: 'nearest' });
}

byId('spans').addEventListener('click', (e) => {
  const mark = (e.target as HTMLElement).closest('mark');
  if (mark) highlight([mark, ...linkTargets(mark)]);
});
byId('calls').addEventListener('click', (e) => {
  const tr = (e.target as HTMLElement).closest('tr[data-call]') as HTMLElement | null;
  if (!tr) return;
  const marks = [...document.querySelectorAll<HTMLElement>('#spans mark[data-calls]')].filter((m) =>
    (m.dataset.calls ?? '').split(' ').includes(tr.dataset.call ?? ''),
  );
  highlight([tr, ...marks]);
});
byId('issues').addEventListener('click', (e) => {
  const tr = (e.target as HTMLElement).closest('tr[data-issue]') as HTMLElement | null;
  if (!tr) return;
  highlight([tr, ...document.querySelectorAll<HTMLElement>(`#spans mark[data-issue="${tr.dataset.issue}"]`)]);
});

function callRows(calls: readonly ToolCall[]): HTMLTableRowElement[] {
  return calls.map((call, i) =>
    row([String(i + 1), call.name, preText(JSON.stringify(call.arguments, null, 2)), call.id], {
      'data-call': String(i),
    }),
  );
}

function drawResult(a: Analysis): void {
  const { result } = a;
  byId('calls')
    .querySelector('tbody')
    ?.replaceChildren(...callRows(result.calls));
  byId('content').textContent = result.content ?? '';
  byId('reasoning').textContent = result.reasoning ?? '';
  byId('issues')
    .querySelector('tbody')
    ?.replaceChildren(
      ...result.issues.map((issue, i) =>
        row([String(i + 1), issue.kind, issue.message, preText(issue.raw ?? '')], {
          'data-issue': String(i),
        }),
      ),
    );
}

function drawDetect(a: Analysis): void {
  byId('detect')
    .querySelector('tbody')
    ?.replaceChildren(
      ...a.detect
        .filter((d, i) => d.score > 0 || i < 3)
        .map((d) => {
          const bar = el('span', { class: 'bar', style: `width:${Math.round(d.score * 120)}px` });
          return row([
            d.id === a.result.format ? `${d.id} (matched)` : d.id,
            el('span', {}, bar, d.score.toFixed(2)),
          ]);
        }),
    );
}

function drawReplay(position: number): void {
  if (!current) return;
  const { analysis, text, tools, chunks } = current;
  const { resolution } = resolveRoute(choice(), router);
  const state = replay(resolution.handler, routeOptions(resolution, tools), chunks, position);
  byId('replay-position').textContent =
    `${state.pushed} / ${chunks.length} chunks, ${state.chars} characters${state.done ? ' (ended)' : ''}`;
  const upTo = state.done ? state.chars : accountedUpTo(analysis.progress, state.chars);
  byId('replay-input').replaceChildren(
    el('mark', { class: 'k-released', title: 'accounted for: released or cut' }, text.slice(0, upTo)),
    el(
      'mark',
      { class: 'k-held', title: 'held back: the stream does not know yet what this is' },
      text.slice(upTo, state.chars),
    ),
  );
  byId('replay-content').textContent = state.result.content ?? '';
  byId('replay-calls')
    .querySelector('tbody')
    ?.replaceChildren(
      ...[...state.partialArguments.entries()].map(([index, call]) =>
        row(
          [String(index + 1), call.name, preText(call.text), call.ended ? 'complete' : 'arguments growing'],
          {
            'data-call': String(index),
          },
        ),
      ),
    );
  const list = byId('replay-events');
  const shown = state.events.slice(-400);
  list.replaceChildren(
    ...shown.map(({ chunk, event }) => el('li', {}, `${chunk}: ${JSON.stringify(event)}`)),
  );
  list.scrollTop = list.scrollHeight;
  const verdict = byId('replay-verdict');
  if (!state.done) {
    verdict.textContent = '';
    verdict.className = 'verdict';
    return;
  }
  const same =
    JSON.stringify([
      state.result.calls,
      state.result.content,
      state.result.reasoning,
      state.result.issues,
    ]) ===
    JSON.stringify([
      analysis.result.calls,
      analysis.result.content,
      analysis.result.reasoning,
      analysis.result.issues,
    ]);
  verdict.textContent = same
    ? `Same result as the batch parse: ${state.result.calls.length} call(s), the same content.`
    : 'The streamed result differs from the batch parse (please report it).';
  verdict.className = `verdict ${same ? 'ok' : 'bad'}`;
}

let playing: ReturnType<typeof setInterval> | null = null;
function stopPlaying(): void {
  if (playing !== null) clearInterval(playing);
  playing = null;
  byId('replay-play').textContent = 'Play';
}
slider.addEventListener('input', () => {
  stopPlaying();
  drawReplay(Number(slider.value));
});
byId('replay-play').addEventListener('click', () => {
  if (playing !== null) return stopPlaying();
  if (Number(slider.value) >= Number(slider.max)) slider.value = '0';
  byId('replay-play').textContent = 'Pause';
  playing = setInterval(() => {
    const next = Number(slider.value) + 1;
    slider.value = String(next);
    drawReplay(next);
    if (next >= Number(slider.max)) stopPlaying();
  }, 60);
});
byId('replay-end').addEventListener('click', () => {
  stopPlaying();
  slider.value = slider.max;
  drawReplay(Number(slider.max));
});

/** The prompt side: the chosen format (or, in auto mode, the one that matched) teaching these tools. */
function drawPrompt(a: Analysis, given: ToolDefinition[] | undefined): void {
  let handler: ToolFormatHandler | null =
    a.route.handlerId === AUTO_ID ? null : resolveRoute(choice(), router).resolution.handler;
  let note = '';
  if (!handler && a.result.format) {
    handler = router.get(a.result.format);
    note = `auto mode teaches no format; shown for ${a.result.format}, the one that matched.`;
  }
  const tools = given ?? readToolsJson(weatherToolsJson).tools ?? [];
  if (!given) note += `${note ? ' ' : ''}No tools given: the example weather tools are used.`;
  byId('prompt-note').textContent = note;
  const out = (id: string, make: () => string) => {
    try {
      byId(id).textContent = make();
    } catch (e) {
      byId(id).textContent = `(${(e as Error).message})`;
    }
  };
  if (!handler) {
    for (const id of ['prompt-system', 'prompt-stop', 'prompt-calls', 'prompt-result'])
      byId(id).textContent = '(auto mode only reads output: choose a format or a model name)';
    return;
  }
  const h = handler;
  const calls: ToolCall[] = a.result.calls.length > 0 ? a.result.calls : sampleCalls(tools);
  out('prompt-system', () => h.systemPrompt(tools));
  out('prompt-stop', () =>
    (a.route.handlerId === AUTO_ID ? h.stopSequences() : a.route.stop)
      .map((s) => JSON.stringify(s))
      .join('\n'),
  );
  out('prompt-calls', () => h.formatToolCalls(calls));
  out('prompt-result', () =>
    calls
      .map((c) =>
        h.formatResult({ id: c.id, name: c.name, content: { ok: true, note: `the result of ${c.name}` } }),
      )
      .join('\n'),
  );
}

function sampleCalls(tools: readonly ToolDefinition[]): ToolCall[] {
  const first = tools[0];
  const name = first ? ('function' in first ? first.function.name : first.name) : 'get_weather';
  return [{ id: 'call_1', name, arguments: {} }];
}

for (const tab of document.querySelectorAll<HTMLButtonElement>('.tabs button')) {
  tab.addEventListener('click', () => {
    for (const other of document.querySelectorAll<HTMLButtonElement>('.tabs button'))
      other.setAttribute('aria-selected', String(other === tab));
    for (const section of document.querySelectorAll<HTMLElement>('.tab'))
      section.hidden = section.id !== `tab-${tab.dataset.tab}`;
  });
}

let pending: ReturnType<typeof setTimeout> | null = null;
function refreshSoon(): void {
  if (pending !== null) clearTimeout(pending);
  pending = setTimeout(() => {
    pending = null;
    refresh();
  }, 150);
}
input.addEventListener('input', refreshSoon);
toolsBox.addEventListener('input', refreshSoon);
modelInput.addEventListener('input', refreshSoon);
routeBy.addEventListener('change', refresh);
formatSelect.addEventListener('change', refresh);
exampleSelect.addEventListener('change', () => {
  const example = examples[Number(exampleSelect.value)];
  if (!example) return;
  input.value = example.text;
  if (toolsBox.value.trim() === '') toolsBox.value = weatherToolsJson;
  refresh();
});

input.addEventListener('dragover', (e) => {
  e.preventDefault();
  input.classList.add('drop');
});
input.addEventListener('dragleave', () => input.classList.remove('drop'));
input.addEventListener('drop', (e) => {
  e.preventDefault();
  input.classList.remove('drop');
  const file = e.dataTransfer?.files[0];
  if (!file) return;
  if (file.size > MAX_INPUT_CHARS * 4) {
    byId('route').textContent =
      `That file is ${file.size} bytes; the page reads up to ${MAX_INPUT_CHARS * 4}.`;
    return;
  }
  void file.text().then((text) => {
    input.value = text;
    refresh();
  });
});

byId('share').addEventListener('click', () => {
  const state: SharedState = { text: input.value, by: routeBy.value as SharedState['by'] };
  if (routeBy.value === 'format') state.format = formatSelect.value;
  if (routeBy.value === 'model') state.model = modelInput.value;
  if (toolsBox.value.trim() !== '') state.tools = toolsBox.value;
  history.replaceState(null, '', `#${encodeState(state)}`);
  const link = location.href;
  const note = byId('share-note');
  if (!navigator.clipboard) {
    note.textContent = 'The link is in the address bar (the text travels in it, nothing is uploaded).';
    return;
  }
  navigator.clipboard.writeText(link).then(
    () => {
      note.textContent = `Copied (${link.length} characters; the text travels in the link, nothing is uploaded).`;
    },
    () => {
      note.textContent = 'The link is in the address bar (the text travels in it, nothing is uploaded).';
    },
  );
});

function load(): void {
  const shared = decodeState(location.hash);
  if (shared) {
    input.value = shared.text;
    routeBy.value = shared.by;
    if (shared.format) formatSelect.value = shared.format;
    if (shared.model) modelInput.value = shared.model;
    toolsBox.value = shared.tools ?? '';
  } else {
    const first = examples[0]!;
    exampleSelect.value = '0';
    input.value = first.text;
    toolsBox.value = weatherToolsJson;
  }
  refresh();
}
window.addEventListener('hashchange', load);
load();
document.body.dataset.ready = 'true';
