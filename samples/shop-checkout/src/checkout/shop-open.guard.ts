import { injectable } from 'inversify';
import { ForbiddenError } from 'elicitor';
import type { CallInfo, CanActivate } from 'elicitor';
import { ShopHours } from '../catalog/shop-hours.service.js';

/**
 * Refuses every checkout call while the shop is closed. A module guard of `CheckoutModule`: it runs
 * before the handler on every round, so a shop closed between two rounds stops the next one before any
 * charge. It injects `ShopHours`, which `CheckoutModule` sees because `CatalogModule` exports it.
 */
@injectable()
export class ShopOpenGuard implements CanActivate {
  constructor(private readonly hours: ShopHours) {}

  canActivate(_ctx: unknown, call: CallInfo): boolean {
    const reason = this.hours.closedReason();
    if (reason === undefined) return true;
    throw new ForbiddenError(
      `The shop is closed (${reason}), so ${call.name} is not available. Nothing was charged.`,
    );
  }
}
