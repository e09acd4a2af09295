import { injectable } from 'inversify';

/** Stand-ins for real services, counting what really ran. */
@injectable()
export class Quotes {
  computed = 0;

  async price(item: string, quantity: number): Promise<{ total: number }> {
    this.computed++;
    const unit = item === 'gadget' ? 30 : 12;
    return { total: unit * quantity + 7 };
  }
}

@injectable()
export class Payments {
  charges = 0;

  async charge(amount: number): Promise<{ id: string; amount: number }> {
    this.charges++;
    return { id: `ch_${this.charges}`, amount };
  }
}

@injectable()
export class Mailer {
  readonly receipts: Array<{ to: string; chargeId: string }> = [];

  async sendReceipt(to: string, chargeId: string): Promise<void> {
    this.receipts.push({ to, chargeId });
  }
}
