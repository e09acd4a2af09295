// `node bench/dist/stage-cuts.js`: copies of the bundled bench server that answer `echo` early, each one stage
// further down the request path, with the reply the full server writes; see bench/README.md. Run them as
// contenders (`run.js` for time, `instructions.js` for instructions and cache misses) to see what each stage
// adds. Diagnostic only: the copies are made by editing the bundle's text, and a stage whose code changed shape
// stops the tool with the anchor it could not find.
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { bundleBenchServer } from './build/elicitor-bench.bundle.js';

interface StageCut {
  readonly name: string;
  readonly what: string;
  /** Where the early answer goes: before the first match. */
  readonly anchor: RegExp;
  readonly answer: string;
}

/** The echo result as the full server writes it, `_meta` included, from the protocol handler `owner`. */
const resultText = (message: string, owner: string) =>
  `'{"content":[{"type":"text","text":' + JSON.stringify(${message}.params.arguments.text) + '}],"resultType":"complete","_meta":' + ${owner}.resultMetaJson + '}'`;
const replyText = (message: string, owner: string) =>
  `'{"jsonrpc":"2.0","id":' + JSON.stringify(${message}.id) + ',"result":' + ${resultText(message, owner)} + '}'`;

const CUTS: readonly StageCut[] = [
  {
    name: 'http',
    what: 'the HTTP layer: path, Host and Origin checks, the body read and parsed, the reply written',
    anchor: /\n\s*const call = new ModernHttpCall\(request, response, message\);/,
    answer: `\n  if (message?.params?.name === "echo") { writeJsonText(response, 200, ${replyText('message', 'handler')}); return Promise.resolve(); }`,
  },
  {
    name: 'exchange',
    what: '+ the exchange object of the call, and its close listener',
    anchor: /\n\s*return handler\.handle\(call\)\.then\(/,
    answer: `\n  if (message?.params?.name === "echo") { call.answer(new TextReply(message.id, {}, ${resultText('message', 'handler')}), onFailure); return Promise.resolve(); }`,
  },
  {
    name: 'checks',
    what: '+ the envelope, _meta and header checks, and the reply passed on through a promise',
    anchor: /\n\s*const checked = message;\n\s*return this\.route\(/,
    answer: `\n      if (message.params.name === "echo") return Promise.resolve(new TextReply(message.id, {}, ${resultText('message', 'this')}));`,
  },
  {
    name: 'dispatch',
    what: '+ routing, the request environment, the handler lookup and the reply built from a result',
    anchor: /\n\s*const inFlight = this\.settings\.inFlight;/,
    answer: `\n    if (params.name === "echo") return Promise.resolve({ content: [{ type: "text", text: params.arguments.text }] });`,
  },
  {
    name: 'context',
    what: '+ the Context, the request scope and the call',
    anchor: /\n\s*const plan\d* = this\.plans\.get\(definition\);/,
    answer: `\n    if (target.name === "echo") return Promise.resolve({ content: [{ type: "text", text: args.text }] });`,
  },
  {
    name: 'handler',
    what: '+ the arguments checked and made an instance, and the handler called; no interceptor',
    anchor: /\n\s*const plan\d* = this\.plans\.get\(definition\);/,
    answer: `\n    if (target.name === "echo") { call.args = validateClassNow(definition.argsClass, args).value; return invokeHandler(definition, scope, call).then((value) => toCallToolResult(value, false)); }`,
  },
];

const log = (line: string) => process.stderr.write(`${line}\n`);
const bundle = await bundleBenchServer(log);
if (bundle === undefined) process.exit(1);
const source = await readFile(bundle, 'utf8');
const contenders: string[] = [];
for (const cut of CUTS) {
  const at = source.search(cut.anchor);
  if (at < 0) throw new Error(`stage ${cut.name}: the bundle has no ${String(cut.anchor)} any more`);
  const file = join(dirname(bundle), `cut-${cut.name}.bundle.mjs`);
  await writeFile(file, source.slice(0, at) + cut.answer + source.slice(at));
  contenders.push(`${cut.name}=${relative(process.cwd(), file)}`);
  process.stdout.write(`${cut.name.padEnd(9)} ${cut.what}\n`);
}
const names = CUTS.map(({ name }) => name).join(',');
process.stdout.write(
  `\nnode bench/dist/run.js --workloads echo --servers bare,elicitor-bundle --contenders ${contenders.join(',')}\n` +
    `node bench/dist/instructions.js --workloads echo --servers bare,${names},elicitor-bundle --cache-sim --contenders ${contenders.join(',')}\n`,
);
