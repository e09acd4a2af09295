import { UiResource } from 'elicitor';

/** Renders the seat question on a cabin map; its HTML is read once, when the server starts. */
@UiResource({
  uri: 'ui://seats/map',
  name: 'Seat map',
  description: 'Pick a seat on the cabin map',
  file: new URL('./seat-map.html', import.meta.url),
  prefersBorder: true,
})
export class SeatMapUi {}

/** Shows a booking; reached through the tool that names it, so kept out of resources/list. */
@UiResource({
  uri: 'ui://seats/boarding-pass',
  name: 'Boarding pass',
  html: '<!doctype html><html><head><title>Boarding pass</title></head><body><main></main></body></html>',
  csp: { resourceDomains: ['https://cdn.example.com'] },
  listed: false,
})
export class BoardingPassUi {}
