import { UserError } from 'elicitor';
import type { CallInfo, ElicitorInterceptor } from 'elicitor';

/** Given as an instance, so it can take settings; it lives as long as the app. */
export class TimeoutInterceptor implements ElicitorInterceptor {
  constructor(private readonly ms: number) {}

  async intercept(call: CallInfo, next: () => Promise<unknown>): Promise<unknown> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new UserError(`${call.name} took longer than ${this.ms} ms`)), this.ms);
    });
    try {
      return await Promise.race([next(), timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }
}
