import type { ClassType } from './class-type.js';

/** An interceptor is named by its class (resolved from the request's container) or given as an instance. */
export type InterceptorReference = ClassType | object;
