import { App } from '@modelcontextprotocol/ext-apps';
import { byTestId } from '../shared/dom.js';
import { connectFollowingHostTheme } from '../shared/host-theme.js';
import { bookingOf } from './booking-result.js';
import '../shared/base.css';
import './boarding-pass.css';

const pass = byTestId('boarding-pass');
const status = byTestId('status');
const field = (name: string) => byTestId(`pass-${name}`);

const app = new App({ name: 'Boarding pass', version: '0.1.0' });

// The tool's input arrives first: show who is booking while the seat is being chosen.
app.ontoolinput = ({ arguments: args }) => {
  if (typeof args?.passenger === 'string') field('passenger').textContent = args.passenger;
  if (typeof args?.flight === 'string') field('flight').textContent = args.flight;
  status.textContent = 'Choosing a seat…';
};

app.ontoolresult = (result) => {
  const booking = bookingOf(result.structuredContent);
  if (!booking) {
    pass.hidden = true;
    const [first] = result.content ?? [];
    status.textContent = first?.type === 'text' ? first.text : 'No seat was booked.';
    return;
  }
  field('passenger').textContent = booking.passenger;
  field('flight').textContent = booking.flight;
  field('seat').textContent = booking.seat;
  pass.hidden = false;
  status.textContent = `Seat ${booking.seat} is yours.`;
};

app.ontoolcancelled = () => {
  status.textContent = 'The booking was cancelled.';
};

connectFollowingHostTheme(app).catch((error: unknown) => {
  status.textContent = `Could not reach the host: ${String(error)}`;
});
