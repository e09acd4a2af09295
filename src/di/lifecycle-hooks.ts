/** Called once per singleton after every provider exists, modules in import order. */
export interface OnModuleInit {
  onModuleInit(): unknown;
}

/** Called once per singleton after every module's `onModuleInit`, before the app serves. */
export interface OnApplicationBootstrap {
  onApplicationBootstrap(): unknown;
}

/** Called on `app.close()` after in-flight calls drained, before connections and the store close. */
export interface BeforeApplicationShutdown {
  beforeApplicationShutdown(signal?: string): unknown;
}

/** Called on `app.close()` last, after connections and the store closed; modules in reverse order. */
export interface OnApplicationShutdown {
  onApplicationShutdown(signal?: string): unknown;
}

export const LIFECYCLE_HOOKS = [
  'onModuleInit',
  'onApplicationBootstrap',
  'beforeApplicationShutdown',
  'onApplicationShutdown',
] as const;

export type LifecycleHook = (typeof LIFECYCLE_HOOKS)[number];
