import { part, startTourApp } from '../tour-app.js';
import '../tour.css';
import './boarding-pass.css';

/** The boarding pass `show_boarding_pass` returns as structured content, when it is one. */
function passOf(value: unknown): { flight: string; seat: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { flight, seat } = value as Record<string, unknown>;
  return typeof flight === 'string' && typeof seat === 'string' ? { flight, seat } : undefined;
}

startTourApp('Boarding pass', {}, (app) => {
  app.ontoolresult = (result) => {
    const pass = passOf(result.structuredContent);
    const [first] = result.content ?? [];
    part('status').textContent = first?.type === 'text' ? first.text : '';
    if (!pass) return;
    part('pass-flight').textContent = pass.flight;
    part('pass-seat').textContent = pass.seat;
    part('boarding-pass').hidden = false;
  };
  app.ontoolcancelled = () => {
    part('status').textContent = 'The boarding pass was not shown.';
  };
});
