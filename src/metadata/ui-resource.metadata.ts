import type { ClassType } from './class-type.js';

/** Origins an app may reach; each list empty or absent means none (the host's restrictive default). */
export interface UiResourceCsp {
  /** `connect-src`: fetch, XHR and WebSocket origins. */
  connectDomains?: string[];
  /** Scripts, images, styles, fonts and media origins. */
  resourceDomains?: string[];
  /** `frame-src`: origins of nested iframes. */
  frameDomains?: string[];
  /** `base-uri`: origins allowed as the document's base. */
  baseUriDomains?: string[];
}

/** Browser features the app asks for; a host may refuse them, so the app should detect them. */
export interface UiResourcePermissions {
  camera?: Record<string, never>;
  microphone?: Record<string, never>;
  geolocation?: Record<string, never>;
  clipboardWrite?: Record<string, never>;
}

/** What a UI resource tells the host about rendering it: its `_meta.ui`. */
export interface UiResourceMeta {
  csp?: UiResourceCsp;
  permissions?: UiResourcePermissions;
  /** A dedicated sandbox origin, in the format the host documents. */
  domain?: string;
  /** Whether the host should draw a border and background around the app. */
  prefersBorder?: boolean;
}

/**
 * What `@UiResource()` accepts. The HTML comes from exactly one of `html`, `file` or `render`, and is
 * read once at bootstrap: a request never builds or reads HTML.
 */
export interface UiResourceOptions extends UiResourceMeta {
  /** An absolute `ui://` URI, e.g. `ui://seats/picker`. */
  uri: string;
  /** The name `resources/list` shows. */
  name: string;
  title?: string;
  description?: string;
  /** The HTML document itself. */
  html?: string;
  /** A file shipped with the app: a path (relative to the working directory) or a `file:` URL. */
  file?: string | URL;
  /** Makes the HTML once at bootstrap (a bundler's output, a template filled with build-time values). */
  render?: () => string | Promise<string>;
  /** Whether `resources/list` shows it (default true); it can be read either way. */
  listed?: boolean;
}

/** A UI resource named by its `@UiResource()` class or by its `ui://` URI. */
export type UiResourceReference = ClassType | string;

/** Who may call a tool: the model, the app through the host, or both (the default). */
export type ToolVisibility = 'model' | 'app';

/** What `@Tool({ ui })` accepts: the resource alone, or with the tool's visibility. */
export type ToolUiOptions =
  UiResourceReference | { resource: UiResourceReference; visibility?: ToolVisibility[] };
