import 'reflect-metadata';
import { MetadataKeys } from './metadata-keys.js';
import type { UiResourceOptions, UiResourceReference } from './ui-resource.metadata.js';

/** `@UiResource()` records, own metadata only. */
export const UiResourceMetadataStore = {
  record(cls: object, options: UiResourceOptions): void {
    Reflect.defineMetadata(MetadataKeys.uiResource, options, cls);
  },

  read(cls: object): UiResourceOptions | undefined {
    return Reflect.getOwnMetadata(MetadataKeys.uiResource, cls) as UiResourceOptions | undefined;
  },

  /** The `ui://` URI a reference names, or undefined for a class without `@UiResource()`. */
  uriOf(reference: UiResourceReference): string | undefined {
    return typeof reference === 'string' ? reference : this.read(reference)?.uri;
  },
};
