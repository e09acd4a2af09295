import { UiResource } from 'elicitor';

/** Shows the booking `book_seat` returns; reached through the tool, so kept out of `resources/list`. */
@UiResource({
  uri: 'ui://seat-booking/boarding-pass',
  name: 'Boarding pass',
  description: 'The boarding pass of a booked seat',
  file: new URL('./boarding-pass.html', import.meta.url),
  prefersBorder: true,
  listed: false,
})
export class BoardingPassUi {}
