import type { ProtocolEra } from '../../context/request-environment.js';
import type { InterceptorReference } from '../../metadata/interceptor.metadata.js';
import type { ElicitorInterceptor } from '../../pipeline/elicitor-interceptor.js';
import { resolveEnhancer } from '../../pipeline/enhancer-resolver.js';
import type { EnhancerResolver } from '../../pipeline/enhancer-resolver.js';

/** The interceptors of one handler, prepared before any request: one chain per era. */
export class ChainPlan {
  constructor(
    /** Per era, the whole chain when no interceptor class needs resolving, else the part before the first. */
    private readonly prepared: Readonly<Record<ProtocolEra, readonly ElicitorInterceptor[]>>,
    /** Interceptor classes resolved per request (they may inject `Context`), after the prepared part. */
    private readonly perRequest: readonly InterceptorReference[],
  ) {}

  /** The chain one request of `era` runs, outermost first. */
  chainFor(era: ProtocolEra, resolver: EnhancerResolver): readonly ElicitorInterceptor[] {
    const prepared = this.prepared[era];
    if (!this.perRequest.length) return prepared;
    return [
      ...prepared,
      ...this.perRequest.map((reference) => resolveEnhancer<ElicitorInterceptor>(reference, resolver)),
    ];
  }
}
