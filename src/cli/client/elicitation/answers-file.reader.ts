import { readFileSync } from 'node:fs';
import { CliError } from '../../shared/cli.error.js';
import { ELICIT_ACTIONS, type ElicitAction } from './elicitation-request.reader.js';
import { isRecord } from '../../../shared/is-record.js';

/** One scripted answer; with `when` it waits for a question whose message or field names match. */
export interface ScriptedAnswer {
  action: ElicitAction;
  content?: Record<string, unknown>;
  when?: string;
}

export interface AnswersFile {
  /** Consumed in order: each question takes the first unused entry that applies. */
  answers: ScriptedAnswer[];
  /** Values by property name, filling any form whose required fields they (or defaults) cover. */
  byField: Record<string, unknown>;
  /** The action for URL-mode questions no `answers` entry took. */
  url?: ElicitAction;
  /** The action for a question nothing answers. */
  unanswered: 'cancel' | 'decline';
}

const TOP_LEVEL_KEYS = ['answers', 'byField', 'url', 'unanswered'];
const ENTRY_KEYS = ['action', 'content', 'when'];

export function readAnswersFile(path: string): AnswersFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read the answers file ${path}: ${(error as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new CliError(`The answers file ${path} is not valid JSON: ${(error as Error).message}`);
  }
  return parseAnswersFile(data, path);
}

/** Validates the file's shape strictly, so a typo fails loudly instead of answering nothing. */
export function parseAnswersFile(data: unknown, source: string): AnswersFile {
  const fail = (problem: string): never => {
    throw new CliError(`Answers file ${source}: ${problem}`);
  };
  const root = Array.isArray(data) ? { answers: data } : data;
  if (!isRecord(root)) return fail('expected an object or an array of answers');
  for (const key of Object.keys(root)) {
    if (!TOP_LEVEL_KEYS.includes(key)) fail(`unknown key "${key}" (expected ${TOP_LEVEL_KEYS.join(', ')})`);
  }
  const answers = root.answers ?? [];
  if (!Array.isArray(answers)) return fail('"answers" must be an array');
  const byField = root.byField ?? {};
  if (!isRecord(byField)) return fail('"byField" must be an object');
  if (root.url !== undefined && !isAction(root.url)) fail('"url" must be "accept", "decline" or "cancel"');
  const unanswered = root.unanswered ?? 'cancel';
  if (unanswered !== 'cancel' && unanswered !== 'decline') fail('"unanswered" must be "cancel" or "decline"');
  return {
    answers: answers.map((entry, index) => parseEntry(entry, `answers[${index}]`, fail)),
    byField,
    ...(root.url !== undefined ? { url: root.url as ElicitAction } : {}),
    unanswered: unanswered as 'cancel' | 'decline',
  };
}

function parseEntry(entry: unknown, where: string, fail: (problem: string) => never): ScriptedAnswer {
  if (!isRecord(entry)) return fail(`${where} must be an object like {"action":"accept","content":{...}}`);
  for (const key of Object.keys(entry)) {
    if (!ENTRY_KEYS.includes(key))
      fail(`${where} has an unknown key "${key}" (expected ${ENTRY_KEYS.join(', ')})`);
  }
  if (!isAction(entry.action)) return fail(`${where}.action must be "accept", "decline" or "cancel"`);
  if (entry.content !== undefined && !isRecord(entry.content)) fail(`${where}.content must be an object`);
  if (entry.when !== undefined && (typeof entry.when !== 'string' || entry.when.trim() === '')) {
    fail(`${where}.when must be a non-empty string`);
  }
  return {
    action: entry.action,
    ...(entry.content !== undefined ? { content: entry.content as Record<string, unknown> } : {}),
    ...(entry.when !== undefined ? { when: entry.when as string } : {}),
  };
}

function isAction(value: unknown): value is ElicitAction {
  return typeof value === 'string' && (ELICIT_ACTIONS as readonly string[]).includes(value);
}
