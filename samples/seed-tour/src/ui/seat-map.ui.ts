import { UiResource } from 'elicitor';

// The apps are built by `build.ui.mjs` into dist/ui/, one self-contained HTML file each, and read once at
// bootstrap. The URL climbs to the sample's root so it finds them from src/ (tests) and from dist/ alike.

/**
 * The seat map a host that renders MCP Apps shows for the seat question; every other client asks the same
 * question as a form. The question reaches it through the host.
 */
@UiResource({
  uri: 'ui://seed-tour/seat-map',
  name: 'Seat map',
  description: 'Pick a seat on the cabin map',
  file: new URL('../../dist/ui/seat-map.html', import.meta.url),
  prefersBorder: true,
})
export class SeatMapUi {}

/** Shows a boarding pass from the tool's structured result; reached through the tool, so not listed. */
@UiResource({
  uri: 'ui://seed-tour/boarding-pass',
  name: 'Boarding pass',
  file: new URL('../../dist/ui/boarding-pass.html', import.meta.url),
  listed: false,
})
export class BoardingPassUi {}
