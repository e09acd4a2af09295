import type { ElicitorAppOptions } from 'elicitor';

/** Hosts that render apps but cannot elicit (Claude Desktop, claude.ai) get each question in an app. */
export const seatsOptions: ElicitorAppOptions = {
  name: 'seats',
  version: '1.0.0',
  askThroughApps: true,
};
