/** Shown after `elicitor call --help`. */
export const ANSWERS_FILE_HELP = `
Server:
  An http(s):// URL is a Streamable HTTP endpoint. Anything else is a command line
  that starts a stdio server, e.g. "node dist/main.js --stdio" (quote it as one argument).

Era:
  auto    probe with server/discover: 2026-07-28 (modern, multi-round requests) when the
          server offers it, else initialize (2025, the server pushes its questions)
  modern  require 2026-07-28
  legacy  plain initialize, no probe

Answers file (--answers file.json), for scripts and tests:
  {
    "answers": [                                   consumed in order
      { "action": "accept", "content": { "name": "Ada" } },
      { "action": "decline", "when": "delete" }    "when": waits for a question whose
    ],                                             message contains it or that has a
                                                   field of that name
    "byField": { "name": "Ada", "email": "ada@example.com", "partySize": 4 },
    "url": "accept",                               for URL questions left over
    "unanswered": "cancel"                         or "decline"; default "cancel"
  }
  A bare array is the "answers" list. Each question takes the first unused "answers"
  entry that applies; a URL question then falls back to "url"; a form falls back to
  "byField" when it holds a value (or the schema a default) for every required field:
  values are coerced ("4" -> 4, "yes" -> true, an option's title -> its value).
  Anything left gets "unanswered" and a warning. Content that does not fit the form
  is sent as written, with a warning.

Output:
  Every question and its answer is printed as a numbered block, then the result:
  text plainly, structuredContent as JSON. Progress and warnings go to stderr.
  Exit code: 0 on success, 1 when the tool result has isError or the call fails.
`;
