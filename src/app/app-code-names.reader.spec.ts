import { readAppCodeNames } from './app-code-names.reader.js';

class Contact {}
class Invoice {}
class Receipt {}
class Refund {}
class Unused {}
class Deposit {}
class Audit {}
class Auditing {
  intercept(): unknown {
    return Audit;
  }
}

class AskingBase {
  askContact(): unknown {
    return Contact;
  }
}
class Asking extends AskingBase {}
class Mailer {
  send(): unknown {
    return Receipt;
  }
}

describe('readAppCodeNames', () => {
  it('reads the names in tool classes, their base classes, providers of every kind and enhancers', () => {
    const names = readAppCodeNames({
      tools: [Asking],
      providers: [
        { provide: 'INVOICES', useFactory: () => Invoice },
        { provide: 'MAILER', useValue: new Mailer() },
        { provide: 'REFUNDS', useValue: { refund: () => Refund } },
        { provide: 'DEPOSITS', useFactory: async () => Promise.resolve(Deposit) },
      ],
      enhancers: [new Auditing()],
    });
    for (const name of ['Contact', 'Invoice', 'Receipt', 'Refund', 'Audit', 'Deposit']) {
      expect(names.has(name)).toBe(true);
    }
  });

  it('leaves out a class only other code names', () => {
    const names = readAppCodeNames({ tools: [Mailer], providers: [], enhancers: [] });
    expect(names.has(Unused.name)).toBe(false);
    expect(names.has('Contact')).toBe(false);
  });
});
