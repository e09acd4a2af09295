import { Module } from 'elicitor';
import type { ElicitorAppOptions } from 'elicitor';
import { Contact } from './forms/contact.form.js';
import { DeployForm } from './forms/deploy.form.js';
import { OrderForm } from './forms/order.form.js';
import { SeatForm } from './forms/seat.form.js';
import { ShippingForm } from './forms/shipping.form.js';
import { OrderCounters } from './services/order-counters.service.js';
import { GithubConnections } from './services/github-connections.service.js';
import { PaymentService } from './services/payment.service.js';
import { PricingService } from './services/pricing.service.js';
import { ReceiptMailer } from './services/receipt-mailer.service.js';
import { AccountTools } from './tools/account.tools.js';
import { GreetingTools } from './tools/greeting.tools.js';
import { OrderTools } from './tools/order.tools.js';
import { StatsTools } from './tools/stats.tools.js';
import { FlightTools } from './tools/flight.tools.js';
import { BoardingPassUi, SeatMapUi } from './ui/seat-map.ui.js';

/** The seed tour's root module, shared by `main.ts`, the demo and the tests. */
@Module({
  tools: [GreetingTools, OrderTools, AccountTools, StatsTools, FlightTools],
  providers: [OrderCounters, PricingService, PaymentService, ReceiptMailer, GithubConnections],
  forms: [Contact, ShippingForm, DeployForm, OrderForm, SeatForm],
  ui: [SeatMapUi, BoardingPassUi],
})
export class SeedTourModule {}

/** The app's options, given with the root module to `Elicitor.create`. */
export const seedTourOptions: ElicitorAppOptions = {
  name: 'seed-tour',
  version: '0.1.0',
  instructions: 'A tour of Elicitor: tools that stop mid-call to ask you something.',
  // Hosts that render MCP Apps but cannot elicit (Claude Desktop, for one) get each question in the form app.
  askThroughApps: true,
};
