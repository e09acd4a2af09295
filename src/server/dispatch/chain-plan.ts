import type { ProtocolEra } from '../../context/request-environment.js';
import type { InterceptorReference } from '../../metadata/interceptor.metadata.js';
import type { ElicitorInterceptor } from '../../pipeline/elicitor-interceptor.js';
import { resolveEnhancer } from '../../pipeline/enhancer-resolver.js';
import type { EnhancerResolver } from '../../pipeline/enhancer-resolver.js';

/** Interceptors a call may leave out, and whether it does now. */
export interface SkippableInterceptors {
  interceptors: ReadonlySet<ElicitorInterceptor>;
  skipNow(): boolean;
}

type Chains = Readonly<Record<ProtocolEra, readonly ElicitorInterceptor[]>>;

/** The interceptors of one handler, prepared before any request: one chain per era. */
export class ChainPlan {
  constructor(
    /** Per era, the whole chain when no interceptor class needs resolving, else the part before the first. */
    private readonly prepared: Chains,
    /** Interceptor classes resolved per request (they may inject `Context`), after the prepared part. */
    private readonly perRequest: readonly InterceptorReference[],
    /** How many prepared interceptors at the end of each chain are the app's own instances. */
    userInstances: number,
    /** The same chains without the skippable interceptors, and when to run them instead. */
    private readonly skipping?: { chains: Chains; now(): boolean },
  ) {
    this.userLevels = userInstances + perRequest.length;
  }

  /** The app's interceptors at the end of every chain; all before them are Elicitor's own. */
  readonly userLevels: number;

  /** The chain one request of `era` runs, outermost first. */
  chainFor(era: ProtocolEra, resolver: EnhancerResolver): readonly ElicitorInterceptor[] {
    const skipping = this.skipping;
    const prepared = (skipping !== undefined && skipping.now() ? skipping.chains : this.prepared)[era];
    if (!this.perRequest.length) return prepared;
    return [
      ...prepared,
      ...this.perRequest.map((reference) => resolveEnhancer<ElicitorInterceptor>(reference, resolver)),
    ];
  }
}
