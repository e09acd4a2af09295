import { ClientCapabilitiesView } from '../context/client-capabilities-view.js';
import { ElicitorError } from '../errors/elicitor.error.js';
import { MissingCapabilityError } from '../errors/missing-capability.error.js';
import { refuseLegacyRound } from './legacy-round.check.js';
import type { PendingQuestion } from './replay-ledger.js';

const sampling: PendingQuestion = {
  kind: 'sample',
  digest: 'd',
  request: { method: 'sampling/createMessage', params: {} },
};

describe('refuseLegacyRound', () => {
  it('is the capability error when the session lacks what the question needs', () => {
    const client = new ClientCapabilitiesView({});
    expect(() => refuseLegacyRound([sampling], client)).toThrow(MissingCapabilityError);
  });

  it('names the question when the session has the capability but the app cannot ask it', () => {
    const client = new ClientCapabilitiesView({ sampling: {} });
    const refuse = () => refuseLegacyRound([sampling], client);
    expect(refuse).toThrow(ElicitorError);
    expect(refuse).toThrow('it asked sampling/createMessage');
  });
});
