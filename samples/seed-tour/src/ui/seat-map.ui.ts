import { UiResource } from 'elicitor';

/**
 * The app a host that renders MCP Apps shows for the seat question; every other client asks the
 * same question as a form. A static document: the question reaches it through the host.
 */
@UiResource({
  uri: 'ui://seed-tour/seat-map',
  name: 'Seat map',
  description: 'Pick a seat on the cabin map',
  html: `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Seat map</title></head>
  <body><main id="seat-map" aria-label="Cabin seats"></main></body>
</html>
`,
  prefersBorder: true,
})
export class SeatMapUi {}

/** Shows a boarding pass from the tool's structured result; reached through the tool, so not listed. */
@UiResource({
  uri: 'ui://seed-tour/boarding-pass',
  name: 'Boarding pass',
  html: `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8" /><title>Boarding pass</title></head>
  <body><main id="boarding-pass"></main></body>
</html>
`,
  listed: false,
})
export class BoardingPassUi {}
