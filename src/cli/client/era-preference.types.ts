export type EraPreference = 'auto' | 'modern' | 'legacy';
export const ERA_PREFERENCES: readonly EraPreference[] = ['auto', 'modern', 'legacy'];

/** The one modern revision; `--era modern` pins it instead of probing. */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
