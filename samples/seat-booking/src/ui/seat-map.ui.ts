import { UiResource } from 'elicitor';

/**
 * The cabin map that answers the seat question. Its HTML is one self-contained file the sample's build
 * bundles (script and styles inline), read once at bootstrap; the question reaches it through the host.
 */
@UiResource({
  uri: 'ui://seat-booking/seat-map',
  name: 'Seat map',
  description: 'Pick a free seat on the cabin map',
  file: new URL('./seat-map.html', import.meta.url),
  prefersBorder: true,
})
export class SeatMapUi {}
