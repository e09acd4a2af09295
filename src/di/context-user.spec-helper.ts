import { inject, injectable } from 'inversify';
import { Context } from '../context/context.js';

/** A plain app-wide service. */
@injectable()
export class AppWideService {}

/** What most request-bound classes look like: the request's Context and an app-wide service. */
@injectable()
export class ContextUser {
  constructor(
    @inject(Context) readonly context: Context,
    @inject(AppWideService) readonly appWide: AppWideService,
  ) {}
}
