import { Router } from 'express';
import type { Severity, TicketStore } from './ticket-store.service.js';

const SEVERITIES: readonly Severity[] = ['low', 'normal', 'urgent'];

/** The ordinary REST side of the app: it reads and writes the same store as the MCP tool. */
export function ticketsRouter(store: TicketStore): Router {
  const router = Router();
  router.get('/tickets', (_request, response) => {
    response.json(store.list());
  });
  router.post('/tickets', (request, response) => {
    const { title, severity } = (request.body ?? {}) as { title?: unknown; severity?: unknown };
    if (typeof title !== 'string' || !SEVERITIES.includes(severity as Severity)) {
      response.status(400).json({ error: 'title (string) and severity (low, normal, urgent) are required' });
      return;
    }
    response.status(201).json(store.open(title, severity as Severity, 'rest'));
  });
  return router;
}
