import { readFileSync } from 'node:fs';
import { Template } from '@huggingface/jinja';
const src = readFileSync('/work/shared/formats/templates/' + process.argv[2], 'utf8');
const t = new Template(src);
const args = process.argv[3] === 's' ? JSON.stringify({ location: 'Paris', days: 3 }) : { location: 'Paris', days: 3 };
const msgs = [{ role: 'user', content: 'hi' }, { role: 'assistant', content: null, tool_calls: [{ id: 'a1b2c3d4e', type: 'function', function: { name: 'get_probe_weather', arguments: args } }] }, { role: 'tool', tool_call_id: 'a1b2c3d4e', name: 'get_probe_weather', content: '{"probe_temperature": 21}' }];
try { console.log(t.render({ messages: msgs, tools: [{ type: 'function', function: { name: 'get_probe_weather', parameters: { type: 'object', properties: {} } } }], add_generation_prompt: false, bos_token: '', eos_token: '' })); } catch (e) { console.log('ERR', e.message); }
