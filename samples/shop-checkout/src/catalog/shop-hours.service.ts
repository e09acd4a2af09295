import { injectable } from 'inversify';

/** Whether the shop takes orders; staff close it for a stocktake. A singleton the checkout guard reads. */
@injectable()
export class ShopHours {
  private closedFor: string | undefined;

  close(reason: string): void {
    this.closedFor = reason;
  }

  open(): void {
    this.closedFor = undefined;
  }

  /** Why the shop is closed, or `undefined` while it is open. */
  closedReason(): string | undefined {
    return this.closedFor;
  }
}
